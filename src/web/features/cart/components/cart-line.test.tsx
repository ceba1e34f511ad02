import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartCheckedLine } from '~/shared/schemas/cart';
import { CartLine } from './cart-line';

function renderLine(checked: CartCheckedLine) {
  const item = { product: { id: 'prd_dup', price: 87_500_00, name: 'Zenbook 14 OLED Laptop' }, quantity: 2 };
  const router = createMemoryRouter(
    [
      {
        path: '/cart',
        element: (
          <ul>
            <CartLine item={item} checked={checked} image={null} stepper={() => null} onRemove={() => {}} onAccept={() => {}} />
          </ul>
        ),
      },
    ],
    { initialEntries: ['/cart'] },
  );
  render(<RouterProvider router={router} />);
}

describe('a cart line of a product merged into another', () => {
  it('says the product is now listed under the kept name, leads there and keeps the quantity bought from the same seller', () => {
    renderLine({
      productId: 'prd_dup',
      quantity: 2,
      status: 'ok',
      sellerName: 'Camp Computer Centre',
      product: {
        id: 'prd_kept',
        name: 'Zenbook 14 OLED',
        brand: 'Zenbook',
        image: null,
        pricePaise: 87_500_00,
        mrpPaise: 1_09_990_00,
        stock: 7,
        stockStatus: 'in_stock',
      },
      lineTotalPaise: 2 * 87_500_00,
      listedAs: { productId: 'prd_kept', offerId: 'prd_dup', message: 'Zenbook 14 OLED Laptop is now listed as Zenbook 14 OLED.' },
    });
    expect(screen.getByText('Zenbook 14 OLED Laptop is now listed as Zenbook 14 OLED.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zenbook 14 OLED' })).toHaveAttribute('href', '/product/prd_kept');
    expect(screen.getByText('Sold by Camp Computer Centre')).toBeVisible();
    expect(screen.queryByText('This product is no longer sold here.')).toBeNull();
    expect(screen.getByText('₹1,75,000.00')).toBeVisible();
  });
});
