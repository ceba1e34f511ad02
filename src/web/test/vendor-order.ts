import type { VendorOrder, VendorOrderDetail } from '~/shared/schemas/vendor-orders';

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
    needsEwayBill: false,
    ...overrides,
  };
}

/** The same order on its own page (`GET /api/vendor/orders/{id}`): the whole address, the payment and the timeline. */
export function vendorOrderDetail(overrides: Partial<VendorOrderDetail> = {}): VendorOrderDetail {
  const base = vendorOrder();
  return {
    ...base,
    lines: base.lines.map((l) => ({ ...l, brand: 'Lenovo', hsnCode: '84713010', unitPricePaise: 64_990_00 })),
    business: null,
    deliverTo: {
      fullName: 'Aditi Joshi',
      mobile: '+919822012345',
      line1: 'Flat 12, Sai Residency',
      line2: 'Baner Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411045',
    },
    payment: { method: 'cod', status: 'created' },
    shipment: null,
    timeline: [{ kind: 'placed', at: base.orderDate, message: 'Order placed, to be paid in cash on delivery.' }],
    ...overrides,
  };
}
