import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartProvider, useCart } from './cart-provider';

const laptop = { id: 'prd_laptop', price: 6_499_000, name: 'Laptop' };

/** A stand-in for the pages that use the cart: shows the totals and offers each action. */
function CartControls() {
  const cart = useCart();
  return (
    <div>
      <p>
        {cart.totalItems} items, {cart.subtotal} paise
      </p>
      <button onClick={() => cart.add(laptop)}>Add one</button>
      <button onClick={() => cart.add(laptop, 2)}>Add two</button>
      <button onClick={() => cart.setQuantity(laptop.id, 0)}>Set to zero</button>
      <button onClick={() => cart.clear()}>Clear</button>
    </div>
  );
}

function renderCart() {
  render(
    <CartProvider>
      <CartControls />
    </CartProvider>,
  );
}

const stored = () => JSON.parse(window.localStorage.getItem('cart') ?? 'null') as unknown;

describe('CartProvider', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores the cart from local storage at start', () => {
    window.localStorage.setItem('cart', JSON.stringify([{ product: laptop, quantity: 2 }]));
    renderCart();
    expect(screen.getByText('2 items, 12998000 paise')).toBeInTheDocument();
  });

  it('ignores unparseable stored data and saves every change under the cart key', async () => {
    window.localStorage.setItem('cart', '{broken');
    renderCart();
    expect(screen.getByText('0 items, 0 paise')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add one' }));
    await user.click(screen.getByRole('button', { name: 'Add two' }));
    expect(stored()).toEqual([{ product: laptop, quantity: 3 }]);
    await user.click(screen.getByRole('button', { name: 'Set to zero' }));
    expect(stored()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add one' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 items, 0 paise')).toBeInTheDocument();
    expect(stored()).toEqual([]);
  });

  it('follows a change made in another tab', () => {
    renderCart();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify([{ product: laptop, quantity: 4 }]) }));
    });
    expect(screen.getByText('4 items, 25996000 paise')).toBeInTheDocument();
  });
});
