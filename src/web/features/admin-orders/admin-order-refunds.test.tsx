import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminOrderView } from './components/admin-order-view';
import { json, shippedOrder, withProviders } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('an order page: refunds', () => {
  it('shows the customer, shipments and documents, and refunds one unit of a line', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, shippedOrder('test-gateway')));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={shippedOrder('test-gateway')} />);
    expect(screen.getByRole('link', { name: 'Priya Kulkarni' })).toHaveAttribute('href', '/admin/users/usr_1');
    // The AWB on one line of its own (never broken inside), after the courier.
    expect(screen.getByText('BD123456')).toHaveClass('whitespace-nowrap');
    expect(screen.getByText('BD123456').parentElement).toHaveTextContent('Blue Dart · AWB BD123456');
    expect(screen.getByRole('link', { name: /Tax invoice INV-SC-100042/ })).toHaveAttribute('href', '/api/orders/ord_1/invoice.pdf');
    // The timeline names who acted in the back office's words, not the role's code.
    expect(screen.getByText(/^Customer ·/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).queryByLabelText(/Bank transfer reference/)).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Lenovo IdeaPad Slim 3/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'One unit arrived damaged');
    expect(within(dialog).getByText(/gets back ₹20,000/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(url).toBe('/api/admin/orders/ord_1/refund-lines');
    expect(JSON.parse(String(init!.body))).toEqual({ lines: [{ itemId: 'itm_1', quantity: 1 }], reason: 'One unit arrived damaged' });
  });

  it('ticks the delivery charge once every unit left is chosen and says the whole order is refunded; unticked, that it is kept', async () => {
    const data = shippedOrder('test-gateway');
    data.controls.refundableDeliveryPaise = 150_00;
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, data));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    const delivery = within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' });
    expect(delivery).not.toBeChecked();

    await userEvent.selectOptions(within(dialog).getByLabelText(/Lenovo IdeaPad Slim 3/), '2');
    expect(delivery).not.toBeChecked();
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    expect(delivery).toBeChecked();
    expect(dialog).toHaveTextContent('The customer gets back ₹49,150.00.');
    expect(dialog).toHaveTextContent('This refunds the whole order: nothing of it is left to refund, and it becomes Refunded.');

    await userEvent.click(delivery);
    expect(delivery).not.toBeChecked();
    expect(dialog).toHaveTextContent('The customer gets back ₹49,000.00.');
    expect(dialog).toHaveTextContent('Every item is refunded, but the delivery charge of ₹150.00 is kept');
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.click(delivery);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Parcel lost by the courier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      lines: [
        { itemId: 'itm_1', quantity: 2 },
        { itemId: 'itm_2', quantity: 1 },
      ],
      includeDelivery: true,
      reason: 'Parcel lost by the courier',
    });
  });

  it('refunds the delivery charge alone, and asks for items or the charge when neither is chosen', async () => {
    const data = shippedOrder('cod');
    data.controls.refundableDeliveryPaise = 150_00;
    data.controls.refundsCoverOrder = false;
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, data));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).getByRole('group', { name: 'What to refund' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered three days late');
    await userEvent.type(within(dialog).getByLabelText('Bank transfer reference (UTR)'), 'UTR555500010001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Choose the items or the delivery charge to refund')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' }));
    expect(within(dialog).queryByText('Choose the items or the delivery charge to refund')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('The customer gets back ₹150.00.');
    // Units of the order are left to the customer: this is not the whole order.
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      lines: [],
      includeDelivery: true,
      reason: 'Delivered three days late',
      bankReference: 'UTR555500010001',
    });
  });

  it('offers the delivery charge, ticked, when it is all that is left, and says the order is then refunded in full', async () => {
    const data = shippedOrder('test-gateway');
    data.order.status = 'refunded';
    data.controls.lines = data.controls.lines.map((l) => ({ ...l, refundable: 0 }));
    data.controls.refundableDeliveryPaise = 150_00;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, data)),
    );
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' })).toBeChecked();
    expect(dialog).toHaveTextContent('This refunds the whole order');
  });

  it('says how much a full refund gives back before the admin confirms it', async () => {
    const returned = shippedOrder('test-gateway');
    returned.order.status = 'returned';
    returned.order.payment.amountRefundedPaise = 9_000_00;
    returned.controls.can = { ...returned.controls.can, deliver: false, refundReturn: true, refundLines: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, returned)),
    );
    withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' });
    expect(dialog).toHaveTextContent('₹40,000.00 goes back to the customer, what is left of the ₹49,000.00 paid, delivery charge included');
  });

  it('asks for the bank reference of a cash-on-delivery refund and shows the server’s field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          error: { code: 'VALIDATION', message: 'Check the form', fields: { bankReference: 'This reference was used already' } },
        }),
      ),
    );
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/Choose how many of which item to refund/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bank transfer reference (UTR)')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Keys missing');
    await userEvent.type(within(dialog).getByLabelText('Bank transfer reference (UTR)'), 'UTR998877665544');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('This reference was used already')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('clears each refund error once its field is fixed, and says what is wrong with a bank reference that was entered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, shippedOrder('cod'))),
    );
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog');
    const utr = within(dialog).getByLabelText('Bank transfer reference (UTR)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/Choose how many of which item to refund/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Give a reason/)).toBeInTheDocument();
    expect(utr).toHaveAccessibleDescription(/Enter the bank transfer reference \(UTR\)/);

    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Keys missing');
    expect(within(dialog).queryByText(/Choose how many of which item to refund/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Give a reason/)).not.toBeInTheDocument();

    await userEvent.type(utr, 'x');
    expect(utr).toHaveAccessibleDescription(/12 to 22 letters and digits/);
    expect(utr).not.toHaveAccessibleDescription(/Enter the bank/);
    await userEvent.type(utr, 'UTR998877665544');
    expect(utr).not.toHaveAttribute('aria-invalid', 'true');
  });
});
