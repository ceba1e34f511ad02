import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

const images = ['Front', 'Side', 'Keyboard'].map((alt, i) => ({ id: `img_${i}`, alt: `${alt} view`, width: 1200, height: 900 }));

describe('ProductGallery', () => {
  it('steps through the pictures with the arrow keys and zooms with Enter', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="ThinkPad E14" />);

    const main = screen.getByRole('button', { name: 'Zoom picture 1 of 3: Front view' });
    main.focus();
    await user.keyboard('{ArrowRight}');
    expect(main).toHaveAccessibleName('Zoom picture 2 of 3: Side view');
    expect(screen.getByRole('button', { name: 'Show picture 2 of 3: Side view' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(main).toHaveAccessibleName('Zoom picture 3 of 3: Keyboard view');

    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'ThinkPad E14' });
    expect(dialog).toHaveTextContent('Picture 3 of 3: Keyboard view');
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('Picture 1 of 3: Front view');
    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(dialog).toHaveTextContent('Picture 2 of 3: Side view');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main).toHaveFocus();
    expect(main).toHaveAccessibleName('Zoom picture 2 of 3: Side view');
  });

  it('moves focus along the thumbnails with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="ThinkPad E14" />);
    await user.click(screen.getByRole('button', { name: 'Show picture 1 of 3: Front view' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show picture 3 of 3: Keyboard view' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Zoom picture 3 of 3/ })).toBeInTheDocument();
  });
});
