import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductOffer } from '~/shared/schemas/catalogue';
import { BuyBoxRule, OtherSellers, offerFacts } from './other-sellers';

const offer = (id: string, name: string, pricePaise: number, extra: Partial<ProductOffer> = {}): ProductOffer => ({
  id,
  seller: { id: `ven_${id}`, name, city: 'Pune' },
  pricePaise,
  deliveredPricePaise: pricePaise,
  deliveryPaise: 0,
  dispatchDays: 1,
  stock: 4,
  stockStatus: 'in_stock',
  sellerDetails: {
    legalName: 'Kothrud Laptops Pvt Ltd',
    address: 'Kothrud, Pune, Maharashtra 411038',
    carePhone: '+91 98220 45678',
    careEmail: 'care@kothrud.example',
    rating: null,
  },
  condition: 'new',
  grade: null,
  warranty: '1 year',
  warrantyMonths: 12,
  sellerOnTime: null,
  ...extra,
});

describe('the other sellers of a configuration', () => {
  it('lists each with price, seller, dispatch, delivery and condition, from the lowest price', () => {
    render(
      <OtherSellers
        offers={[
          offer('a', 'Kothrud Laptops', 1_23_456_00, { dispatchDays: 0, sellerOnTime: 0.96 }),
          offer('b', 'Aundh Computers', 1_25_000_00, { condition: 'refurbished', grade: 'A', deliveryPaise: 199_00 }),
        ]}
        onAdd={() => undefined}
      />,
    );
    const region = screen.getByRole('region', { name: '2 more sellers from ₹1,23,456.00' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Kothrud Laptops, Pune · 96% dispatched on time');
    expect(rows[0]).toHaveTextContent('Dispatched today · Free delivery · New');
    expect(rows[1]).toHaveTextContent('₹1,25,000.00');
    expect(rows[1]).toHaveTextContent('Dispatched in 1 day · + ₹199.00 delivery · Refurbished, grade A');
  });

  it('gives each seller an Add to cart that buys from that seller', async () => {
    const onAdd = vi.fn();
    const aundh = offer('b', 'Aundh Computers', 69_990_00);
    render(<OtherSellers offers={[offer('prd_e14', 'Kothrud Laptops', 68_990_00), aundh]} onAdd={onAdd} />);
    const buttons = screen.getAllByRole('button', { name: /^Add to cart/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add to cart from Kothrud Laptops',
      'Add to cart from Aundh Computers',
    ]);
    await userEvent.setup().click(buttons[1]!);
    expect(onAdd).toHaveBeenCalledWith(aundh);
  });

  it('shows nothing without other sellers, and the rule of the seller shown on request', () => {
    const { container } = render(<OtherSellers offers={[]} onAdd={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
    render(<BuyBoxRule />);
    expect(screen.getByText('How the seller shown is chosen')).toBeVisible();
    expect(screen.getByText(/a new unit before a refurbished one, then the lowest price with standard delivery/)).toBeInTheDocument();
    expect(offerFacts(offer('c', 'X', 1))).toBe('Dispatched in 1 day · Free delivery · New');
  });
});
