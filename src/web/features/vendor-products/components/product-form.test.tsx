import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductInput } from '~/shared/schemas/vendor-products';
import { ownMonitor } from '~/web/test/own-product';
import { ProductForm } from './product-form';

const monitor = ownMonitor();

describe('the product form', () => {
  it('keeps the banner of a save with errors in place while the seller fixes a More specifications line, so the buttons below do not move', async () => {
    const onSubmit = vi.fn(async (_values: ProductInput) => undefined);
    render(<ProductForm product={monitor} onSubmit={onSubmit} submitLabel="Save changes" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.type(screen.getByRole('textbox', { name: 'Line 1 label' }), 'Stand');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the value')).toBeInTheDocument();
    expect(screen.getByText(/Some fields need your attention/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // Typed and left: the line's own message goes, the banner above the buttons stays until the next save.
    await user.type(screen.getByRole('textbox', { name: 'Line 1 value' }), 'Height adjustable');
    expect(screen.queryByText('Enter the value')).not.toBeInTheDocument();
    expect(screen.getByText(/Some fields need your attention/)).toBeInTheDocument();
    // The click that leaves the field lands where it was aimed: On sale is chosen, and saved.
    await user.click(screen.getByRole('radio', { name: /On sale/ }));
    expect(screen.getByText(/Some fields need your attention/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /On sale/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      status: 'active',
      extraSpecs: [{ label: 'Stand', value: 'Height adjustable' }],
    });
    expect(screen.queryByText(/Some fields need your attention/)).not.toBeInTheDocument();
  });

  it('says before the save that a product without a picture goes on sale with none, and not once it has one', async () => {
    const draft = ownMonitor({ status: 'draft', images: [] });
    const user = userEvent.setup();
    const { unmount } = render(<ProductForm product={draft} onSubmit={vi.fn()} submitLabel="Save changes" pictureCount={0} />);
    expect(screen.queryByText('On sale without a picture')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /On sale/ }));
    expect(screen.getByText('On sale without a picture')).toBeVisible();
    expect(screen.getByText(/Add one under Pictures above, or keep it as a draft/)).toBeVisible();
    unmount();

    render(<ProductForm product={draft} onSubmit={vi.fn()} submitLabel="Save changes" pictureCount={1} />);
    await user.click(screen.getByRole('radio', { name: /On sale/ }));
    expect(screen.queryByText('On sale without a picture')).not.toBeInTheDocument();
  });

  it('tells the seller adding a product that its pictures come after saving, so On sale would show none', async () => {
    const user = userEvent.setup();
    render(<ProductForm product={null} onSubmit={vi.fn()} submitLabel="Save product" pictureCount={0} />);
    await user.click(screen.getByRole('radio', { name: /On sale/ }));
    expect(screen.getByText('On sale without a picture')).toBeVisible();
    expect(screen.getByText(/Save it as a draft, add its pictures, then put it on sale/)).toBeVisible();
  });
});
