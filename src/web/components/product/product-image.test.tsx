import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

describe('a product without a picture', () => {
  it('says so as an image named by its alt text', () => {
    render(<ProductImage image={null} sizes="100vw" alt="Dell Inspiron 15" />);
    expect(screen.getByRole('img', { name: 'Dell Inspiron 15' })).toHaveTextContent('No picture yet');
  });

  it('is plain text, not an image without a name, when the picture is decorative (a card named by its title)', () => {
    render(<ProductImage image={null} sizes="100vw" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No picture yet')).toBeInTheDocument();
  });
});

describe('a picture that cannot be loaded', () => {
  const image = { id: 'img_hidden0000000000000', alt: 'Dell Inspiron 15 — front view', width: 1200, height: 900 };

  it('says the picture is not available, named by its alt text, instead of a broken image', () => {
    const { container } = render(<ProductImage image={image} sizes="64px" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Dell Inspiron 15 — front view' })).toHaveTextContent('Picture not available');
    expect(container.querySelector('img')).toBeNull();
  });

  it('is plain text when the picture is decorative', () => {
    const { container } = render(<ProductImage image={image} sizes="64px" alt="" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Picture not available')).toBeInTheDocument();
  });
});
