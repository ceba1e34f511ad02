import type { VendorOrder } from '~/shared/schemas/vendor-orders';

/** One of the seller's orders as `GET /api/vendor/orders` gives it: two laptops, cash on delivery, no coupon, not packed. */
export function vendorOrder(overrides: Partial<VendorOrder> = {}): VendorOrder {
  return {
    id: 'ord_1',
    orderNumber: 'SC-100042',
    orderDate: '2026-11-21T06:30:00.000Z',
    status: 'placed',
    paymentMethod: 'cod',
    shipTo: { name: 'Aditi Joshi', city: 'Pune', state: 'Maharashtra', pinCode: '411045' },
    lines: [
      {
        itemId: 'itm_1',
        productId: 'prd_1',
        name: 'Lenovo ThinkPad E14 Gen 5',
        quantity: 2,
        cancelledQuantity: 0,
        lineTotalPaise: 1_29_980_00,
        couponSharePaise: 0,
      },
    ],
    itemCount: 2,
    amountPaise: 1_29_980_00,
    couponSharePaise: 0,
    couponCode: null,
    packedAt: null,
    shipment: null,
    returnReason: null,
    returnPhotos: [],
    returnPhotosRemoved: false,
    ...overrides,
  };
}
