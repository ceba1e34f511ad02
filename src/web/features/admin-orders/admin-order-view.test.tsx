import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminOrderView } from './components/admin-order-view';
import { json, shippedOrder, withProviders } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('an order page', () => {
  it('receives a return once the admin says whether the items can be sold again, and shows it on the shipment', async () => {
    const asked = shippedOrder('test-gateway');
    asked.order.status = 'return_requested';
    asked.order.returnReason = 'Damaged or defective on arrival';
    asked.order.shipments[0]!.status = 'delivered';
    asked.controls.can = { ...asked.controls.can, deliver: false, receiveReturn: true, refundLines: false };
    const received = structuredClone(asked);
    received.order.status = 'returned';
    received.order.shipments[0] = { ...received.order.shipments[0]!, status: 'return_received', returnCondition: 'damaged' };
    const fetch = vi.fn(async () => json(200, { order: received.order }));
    vi.stubGlobal('fetch', fetch);
    const first = withProviders(<AdminOrderView data={asked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receive return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive the return of order SC-100042' });
    expect(dialog).toHaveTextContent('The customer said: Damaged or defective on arrival');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return received' }));
    expect(within(dialog).getByText('Choose whether the items can be sold again')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Damaged or faulty/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith('/api/admin/orders/ord_1/return-received', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ condition: 'damaged' });
    first.unmount();
    withProviders(<AdminOrderView data={received} />);
    expect(screen.getAllByTestId('admin-order-shipment')[0]).toHaveTextContent('Return received Written off');
  });

  it('shows where to transfer a cash-on-delivery refund: the account the customer gave, or that none was given yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, {})),
    );
    const returned = shippedOrder('cod');
    returned.order.status = 'returned';
    returned.controls.can = { ...returned.controls.can, deliver: false, refundReturn: true };
    returned.controls.refundAccount = { holderName: 'Priya Kulkarni', accountNumber: '5010012345671234', ifsc: 'HDFC0001234' };
    const first = withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    const full = await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' });
    expect(full).toHaveTextContent('Transfer to: Priya Kulkarni, account 5010012345671234, IFSC HDFC0001234');
    await userEvent.click(within(full).getByRole('button', { name: 'Not now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const items = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    const transfer = within(items).getByText(/^Transfer to:/);
    expect(transfer).toHaveTextContent('Transfer to: Priya Kulkarni, account 5010012345671234, IFSC HDFC0001234');
    // Above the reference field, so the admin reads it before typing the UTR.
    expect(transfer.compareDocumentPosition(within(items).getByLabelText('Bank transfer reference (UTR)'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    first.unmount();

    returned.controls.refundAccount = null;
    withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' })).toHaveTextContent(
      'The customer has not given a bank account yet',
    );
  });

  it('records the bank account a customer phoned in: the server’s field errors, then the saved account with the order fetched again', async () => {
    const returned = shippedOrder('cod');
    returned.order.status = 'returned';
    returned.controls.canRecordRefundAccount = true;
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, { error: { code: 'VALIDATION', message: 'Check the form', fields: { ifsc: 'IFSC must be 11 characters' } } }),
      )
      .mockResolvedValue(json(200, { order: returned.order }));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={returned} />);
    const card = screen.getByRole('region', { name: 'Refund bank account' });
    expect(card).toHaveTextContent('The customer has not given a bank account yet');
    await userEvent.click(within(card).getByRole('button', { name: 'Record the account the customer gave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund account for order SC-100042' });
    // The schema's own checks first: nothing is sent while the numbers differ.
    await userEvent.type(within(dialog).getByLabelText('Account holder’s name'), 'Priya Kulkarni');
    await userEvent.type(within(dialog).getByLabelText('IFSC'), 'hdfc0001234');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '5010 0123 4567 1234');
    await userEvent.type(within(dialog).getByLabelText('Account number again'), '5010012345671235');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByText('The account numbers do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Account number again'));
    await userEvent.type(within(dialog).getByLabelText('Account number again'), '5010012345671234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByText('IFSC must be 11 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/ord_1/refund-account');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      holderName: 'Priya Kulkarni',
      accountNumber: '5010012345671234',
      confirmAccountNumber: '5010012345671234',
      ifsc: 'HDFC0001234',
    });
  });

  it('shows no refund account card for a prepaid order, nor for a refunded one without an account', () => {
    const prepaid = shippedOrder('test-gateway');
    const first = withProviders(<AdminOrderView data={prepaid} />);
    expect(screen.queryByRole('region', { name: 'Refund bank account' })).not.toBeInTheDocument();
    first.unmount();
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    expect(screen.queryByRole('region', { name: 'Refund bank account' })).not.toBeInTheDocument();
  });

  it('says the refund account and the return’s photos were removed when the customer deleted their account, rather than showing nothing', () => {
    const refunded = shippedOrder('cod');
    refunded.order.status = 'refunded';
    refunded.order.returnReason = 'Damaged or defective on arrival';
    refunded.order.refundAccountRemoved = true;
    refunded.order.returnPhotosRemoved = true;
    refunded.controls.can = { ...refunded.controls.can, deliver: false, refundLines: false };
    withProviders(<AdminOrderView data={refunded} />);
    const card = screen.getByRole('region', { name: 'Refund bank account' });
    expect(card).toHaveTextContent('Removed when the customer deleted their account');
    expect(card).not.toHaveTextContent('has not given a bank account');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Photos removed when the customer deleted their account.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'The customer’s photos of the return' })).not.toBeInTheDocument();
  });

  it('shows a photo that no longer loads as a box saying so, not a broken picture', () => {
    const returned = shippedOrder('test-gateway');
    returned.order.status = 'return_requested';
    returned.order.returnReason = 'Damaged or defective on arrival';
    returned.order.returnPhotos = [
      { id: 'rph_1', width: 2000, height: 1500 },
      { id: 'rph_2', width: 1500, height: 2000 },
    ];
    withProviders(<AdminOrderView data={returned} />);
    const photos = screen.getByRole('list', { name: 'The customer’s photos of the return' });
    fireEvent.error(within(photos).getByRole('img', { name: 'Sent with the return, 1 of 2' }));
    expect(within(photos).getByRole('img', { name: 'Sent with the return, 1 of 2: no longer available' })).toBeInTheDocument();
    expect(within(photos).getByRole('img', { name: 'Sent with the return, 2 of 2' })).toHaveAttribute(
      'src',
      '/api/orders/ord_1/return-photos/rph_2/320.webp',
    );
  });

  it('ships the chosen seller’s items and cancels the whole order with a reason', async () => {
    const placed = shippedOrder('test-gateway');
    placed.order.status = 'placed';
    placed.order.shipments = [];
    placed.controls.sellers = placed.controls.sellers.map((s) => ({ ...s, shipment: null }));
    placed.controls.lines = placed.controls.lines.map((l) => ({ ...l, refundable: 0, cancellable: 1 }));
    placed.controls.can = {
      ship: true,
      deliver: false,
      receiveReturn: false,
      refundReturn: false,
      cancel: true,
      cancelLines: true,
      refundLines: false,
    };
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, placed));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={placed} />);
    expect(screen.queryByRole('button', { name: 'Refund items' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const ship = await screen.findByRole('dialog', { name: 'Ship order SC-100042' });
    await userEvent.selectOptions(within(ship).getByLabelText('Seller'), 'Deccan Laptops');
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    expect(within(ship).getByText('Enter the courier')).toBeInTheDocument();
    await userEvent.type(within(ship).getByLabelText('Courier'), 'Delhivery');
    await userEvent.type(within(ship).getByLabelText('Tracking number (AWB)'), 'DL12345678');
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const shipped = fetch.mock.calls.find(([u]) => String(u).endsWith('/ship'))!;
    expect(JSON.parse(String(shipped[1]!.body))).toEqual({ vendorId: 'ven_b', carrier: 'Delhivery', trackingNumber: 'DL12345678' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel…' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel order SC-100042' });
    expect(within(cancel).getByLabelText('The whole order')).toBeChecked();
    await userEvent.type(within(cancel).getByLabelText('Reason'), 'Customer asked by phone');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cancelled = fetch.mock.calls.find(([u]) => String(u).endsWith('/cancel'))!;
    expect(JSON.parse(String(cancelled[1]!.body))).toEqual({ reason: 'Customer asked by phone' });
  });
});
