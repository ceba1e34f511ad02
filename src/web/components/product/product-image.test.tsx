import { render, screen } from '@testing-library/react';
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
