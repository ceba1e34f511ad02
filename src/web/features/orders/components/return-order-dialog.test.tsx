import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/web/lib/api-client';
import { uploadFile } from '~/web/lib/upload-file';
import { deliveredDetail, json, renderAt } from '../test-fixtures';
import { ReturnOrderDialog } from './return-order-dialog';

vi.mock('~/web/lib/upload-file', () => ({ uploadFile: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadFile).mockReset();
});

const delivered = deliveredDetail();
const photoFile = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** The server: no photos kept yet, Remove and the return request answered. */
function server() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/return-photos')) return json(200, { photos: [] });
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return json(200, { order: { ...delivered, status: 'return_requested', returnReason: 'Wrong item delivered' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function openDialog() {
  renderAt(<ReturnOrderDialog order={delivered} open onOpenChange={() => undefined} />);
  return screen.findByRole('dialog', { name: 'Return order SC-2611-0001' });
}

describe('ReturnOrderDialog photos', () => {
  it('uploads a photo with its progress, shows its thumbnail and sends it with the request', async () => {
    const fetch = server();
    let progress: (fraction: number) => void = () => undefined;
    let finish: (value: unknown) => void = () => undefined;
    vi.mocked(uploadFile).mockImplementation((_url, _file, options) => {
      progress = options.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const user = userEvent.setup();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('group', { name: 'Photos (optional)' })).toHaveTextContent('Up to 4 photos');

    await user.upload(within(dialog).getByLabelText('Add photos'), photoFile('hinge.jpg'));
    expect(uploadFile).toHaveBeenCalledWith('/api/orders/ord_1/return-photos', expect.any(File), expect.anything());
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading hinge.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    progress(0.4);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    // Sending now would leave the photo behind: the customer is asked to wait.
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong item delivered' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(within(dialog).getByText('Wait until your photos have uploaded, or remove the ones still going.')).toBeInTheDocument();

    finish({ photo: { id: 'rph_1', width: 2000, height: 1500 } });
    const thumbnail = await within(dialog).findByRole('img', { name: 'Added for the return, 1 of 1' });
    expect(thumbnail).toHaveAttribute('src', '/api/orders/ord_1/return-photos/rph_1/320.webp');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByText('hinge.jpg added to your return.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/orders/ord_1/return',
        expect.objectContaining({ body: JSON.stringify({ reason: 'Wrong item delivered', photoIds: ['rph_1'] }) }),
      ),
    );
  });

  it('removes a photo, and says why a file was refused: not a picture, too large, one too many', async () => {
    const fetch = server();
    let n = 0;
    vi.mocked(uploadFile).mockImplementation(async (_url, file) => {
      if (file.name === 'notes.jpg')
        throw new ApiError(400, 'VALIDATION', 'This file is not a photo we can read. Send a JPEG, PNG or WebP photo.');
      n += 1;
      return { photo: { id: `rph_${n}`, width: 1200, height: 900 } };
    });
    const user = userEvent.setup();
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Add photos');

    await user.upload(input, [photoFile('notes.jpg'), photoFile('huge.jpg', 10 * 1024 * 1024 + 1)]);
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('notes.jpg: This file is not a photo we can read. Send a JPEG, PNG or WebP photo.'),
      expect.stringContaining('huge.jpg: The photo is larger than 10 MB. Please send a smaller one.'),
    ]);
    // The oversized file never left the phone.
    expect(uploadFile).toHaveBeenCalledTimes(1);
    await user.click(within(alerts[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).queryByText(/notes\.jpg:/)).not.toBeInTheDocument();

    await user.upload(
      input,
      ['a', 'b', 'c', 'd', 'e'].map((name) => photoFile(`${name}.jpg`)),
    );
    await within(dialog).findByRole('img', { name: 'Added for the return, 4 of 4' });
    expect(within(dialog).getByText(/e\.jpg: A return can have at most 4 photos\. Remove one to add another\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('You have added 4 photos. Remove one to add another.');

    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(3));
    expect(fetch).toHaveBeenCalledWith('/api/orders/ord_1/return-photos/rph_2', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add another photo' })).toHaveFocus());
  });
});
