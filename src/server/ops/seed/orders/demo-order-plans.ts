import type { Category } from '~/shared/constants';
import type { PaymentMethod } from '~/shared/orders';
import type { DeliveryOption } from '~/shared/pricing';
import type { AddressSnapshot, BusinessSnapshot } from '../../../db/schema/orders';

/** How an order's history went, from placing it to where it stands today. */
export type OrderStory =
  | 'placed'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'return_requested'
  | 'refunded_after_return'
  | 'cancelled_by_customer'
  | 'payment_expired';

/** A product to look up in the seeded catalogue: the cheapest one that fits and is not taken yet. */
export interface LineWish {
  category: Category;
  minRupees: number;
  maxRupees: number;
  quantity?: number;
  /** The seller's business name, when it matters (a multi-vendor order). */
  seller?: string;
}

/** One demo order. Times are hours before now, so the history always ends today. */
export interface OrderPlan {
  /** 'rohan' (the demo customer) or an index into REVIEWERS. */
  customer: 'rohan' | number;
  address: AddressSnapshot;
  /** Bought for this business (decision 71): a B2B tax invoice, taxed by its GSTIN's state. */
  business?: BusinessSnapshot;
  story: OrderStory;
  method: PaymentMethod;
  emiTenureMonths?: number;
  delivery?: DeliveryOption;
  coupon?: 'WELCOME10';
  lines: LineWish[];
  placedHoursAgo: number;
  shippedHoursAgo?: number;
  deliveredHoursAgo?: number;
  returnRequestedHoursAgo?: number;
  returnedHoursAgo?: number;
  refundedHoursAgo?: number;
  cancelledHoursAgo?: number;
  reason?: string;
}

/** Hours in `days` days and `hours` hours. */
const ago = (days: number, hours = 0) => days * 24 + hours;

export const ROHAN_PUNE: AddressSnapshot = {
  fullName: 'Rohan Deshpande',
  mobile: '+919822045678',
  line1: 'Flat 302, Sai Heritage',
  line2: 'Baner Road, Baner',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411045',
};

export const ROHAN_KHARGHAR: AddressSnapshot = {
  fullName: 'Rohan Deshpande',
  mobile: '+919822045678',
  line1: 'B-1104, Haware Citi',
  line2: 'Sector 35, Kharghar',
  city: 'Navi Mumbai',
  state: 'Maharashtra',
  pinCode: '410210',
};

/** Rohan's nine orders: one in every state an order can be in, newest last. */
export const ROHAN_PLANS: OrderPlan[] = [
  {
    customer: 'rohan',
    address: ROHAN_KHARGHAR,
    story: 'refunded_after_return',
    method: 'card',
    lines: [{ category: 'Monitor', minRupees: 20_000, maxRupees: 23_000, seller: 'Pune Tech Hub' }],
    placedHoursAgo: ago(84, 3),
    shippedHoursAgo: ago(83, 4),
    deliveredHoursAgo: ago(81, 5),
    returnRequestedHoursAgo: ago(80, 2),
    returnedHoursAgo: ago(77, 4),
    refundedHoursAgo: ago(76, 6),
    reason: 'Damaged or defective on arrival',
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'delivered',
    method: 'card',
    coupon: 'WELCOME10',
    lines: [{ category: 'Laptop', minRupees: 50_000, maxRupees: 60_000, seller: 'Sahyadri Computers' }],
    placedHoursAgo: ago(63, 2),
    shippedHoursAgo: ago(62, 4),
    deliveredHoursAgo: ago(60, 6),
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'cancelled_by_customer',
    method: 'card',
    lines: [{ category: 'Desktop', minRupees: 55_000, maxRupees: 65_000 }],
    placedHoursAgo: ago(41, 5),
    cancelledHoursAgo: ago(41, 1),
    reason: 'Found a better price',
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'payment_expired',
    method: 'upi',
    lines: [{ category: 'Laptop', minRupees: 85_000, maxRupees: 100_000 }],
    placedHoursAgo: ago(27, 9),
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'return_requested',
    method: 'card',
    lines: [{ category: 'Monitor', minRupees: 7_000, maxRupees: 10_000 }],
    placedHoursAgo: ago(8),
    shippedHoursAgo: ago(7, 2),
    deliveredHoursAgo: ago(4, 3),
    returnRequestedHoursAgo: ago(1, 20),
    reason: 'Item does not match the description',
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'delivered',
    method: 'upi',
    lines: [{ category: 'Monitor', minRupees: 25_000, maxRupees: 35_000, seller: 'Sahyadri Computers' }],
    placedHoursAgo: ago(6, 2),
    shippedHoursAgo: ago(5, 3),
    deliveredHoursAgo: ago(3, 4),
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'shipped',
    method: 'emi',
    emiTenureMonths: 6,
    lines: [
      { category: 'Laptop', minRupees: 90_000, maxRupees: 100_000, seller: 'Sahyadri Computers' },
      { category: 'Monitor', minRupees: 13_000, maxRupees: 15_000, seller: 'Pune Tech Hub' },
    ],
    placedHoursAgo: ago(2, 6),
    shippedHoursAgo: ago(1, 2),
  },
  {
    customer: 'rohan',
    address: ROHAN_KHARGHAR,
    story: 'processing',
    method: 'netbanking',
    delivery: 'express',
    lines: [{ category: 'Desktop', minRupees: 45_000, maxRupees: 60_000 }],
    placedHoursAgo: ago(1, 3),
  },
  {
    customer: 'rohan',
    address: ROHAN_PUNE,
    story: 'placed',
    method: 'cod',
    lines: [{ category: 'Monitor', minRupees: 10_000, maxRupees: 20_000 }],
    placedHoursAgo: 2,
  },
];

const address = (
  fullName: string,
  mobile: string,
  line1: string,
  line2: string | null,
  city: string,
  state: string,
  pinCode: string,
): AddressSnapshot => ({
  fullName,
  mobile,
  line1,
  line2,
  city,
  state,
  pinCode,
});

/**
 * The demo business buyer (decision 71): Rahul Patil buys for his Pune company, whose GSTIN passes the checksum.
 * His orders are 45 and 20 days old: whatever the day of the month, one is in the last complete month, which the
 * GST report opens on.
 */
export const DEMO_BUSINESS_CUSTOMER = 2;
export const DEMO_BUSINESS: BusinessSnapshot = {
  gstin: '27AAHCD4821K1ZI',
  legalName: 'Deccan Data Systems Private Limited',
  billingAddress: {
    line1: 'Office 7, 3rd Floor, Pride Purple Square',
    line2: 'Kalewadi Phata, Wakad',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411057',
  },
};

/** Orders of the reviewer customers (by REVIEWERS index) across India, mostly delivered, for the dashboards. */
export const OTHER_PLANS: OrderPlan[] = [
  {
    // Three laptops for the Pune office: CGST + SGST (the GSTIN's state is the sellers').
    customer: DEMO_BUSINESS_CUSTOMER,
    address: address(
      'Rahul Patil',
      '+919890123456',
      'Office 7, 3rd Floor, Pride Purple Square',
      'Kalewadi Phata, Wakad',
      'Pune',
      'Maharashtra',
      '411057',
    ),
    business: DEMO_BUSINESS,
    story: 'delivered',
    method: 'netbanking',
    lines: [{ category: 'Laptop', minRupees: 45_000, maxRupees: 60_000, quantity: 3 }],
    placedHoursAgo: ago(45, 3),
  },
  {
    // Two monitors sent to the Bengaluru branch, billed to the Pune GSTIN: still CGST + SGST of Maharashtra.
    customer: DEMO_BUSINESS_CUSTOMER,
    address: address(
      'Rahul Patil',
      '+919890123456',
      '2nd Floor, 80 Feet Road',
      'Koramangala 4th Block',
      'Bengaluru',
      'Karnataka',
      '560034',
    ),
    business: DEMO_BUSINESS,
    story: 'delivered',
    method: 'card',
    lines: [{ category: 'Monitor', minRupees: 10_000, maxRupees: 20_000, quantity: 2 }],
    placedHoursAgo: ago(20, 6),
  },
  {
    customer: 0,
    address: address('Aditya Kulkarni', '+919820311456', '12, Gokul Society', 'Naupada', 'Thane', 'Maharashtra', '400602'),
    story: 'delivered',
    method: 'card',
    lines: [{ category: 'Laptop', minRupees: 60_000, maxRupees: 75_000 }],
    placedHoursAgo: ago(88, 4),
  },
  {
    customer: 1,
    address: address('Priya Sharma', '+919811024567', 'C-45, Second Floor', 'Malviya Nagar', 'New Delhi', 'Delhi', '110017'),
    story: 'delivered',
    method: 'upi',
    lines: [{ category: 'Monitor', minRupees: 7_000, maxRupees: 10_000, quantity: 2 }],
    placedHoursAgo: ago(80, 7),
  },
  {
    customer: 4,
    address: address('Vikram Iyer', '+919840056781', '7, Lakshmi Nagar 3rd Street', 'Velachery', 'Chennai', 'Tamil Nadu', '600042'),
    story: 'delivered',
    method: 'netbanking',
    lines: [{ category: 'Desktop', minRupees: 95_000, maxRupees: 1_00_000 }],
    placedHoursAgo: ago(72, 5),
  },
  {
    customer: 5,
    address: address('Ananya Reddy', '+919848022334', 'Flat 502, Cyber Heights', 'Madhapur', 'Hyderabad', 'Telangana', '500081'),
    story: 'delivered',
    method: 'emi',
    emiTenureMonths: 9,
    lines: [{ category: 'Laptop', minRupees: 1_10_000, maxRupees: 1_25_000 }],
    placedHoursAgo: ago(66, 2),
  },
  {
    customer: 6,
    address: address('Karan Mehta', '+919825013579', '21, Shanti Kunj', 'Satellite Road', 'Ahmedabad', 'Gujarat', '380015'),
    story: 'delivered',
    method: 'cod',
    lines: [{ category: 'Monitor', minRupees: 10_000, maxRupees: 15_000 }],
    placedHoursAgo: ago(58, 6),
  },
  {
    customer: 8,
    address: address('Arjun Nair', '+919847066123', 'TC 12/450, Pallimukku', 'Kadavanthra', 'Kochi', 'Kerala', '682020'),
    story: 'delivered',
    method: 'card',
    lines: [
      { category: 'Laptop', minRupees: 85_000, maxRupees: 1_00_000 },
      { category: 'Monitor', minRupees: 17_000, maxRupees: 20_000 },
    ],
    placedHoursAgo: ago(51, 3),
  },
  {
    customer: 3,
    address: address('Sneha Joshi', '+919890234561', 'A-9, Mayur Colony', 'Kothrud', 'Pune', 'Maharashtra', '411038'),
    story: 'delivered',
    method: 'upi',
    lines: [{ category: 'Laptop', minRupees: 40_000, maxRupees: 50_000 }],
    placedHoursAgo: ago(45, 8),
  },
  {
    customer: 18,
    address: address('Swati Gokhale', '+919833047812', '4, Shivaji Park Road', 'Dadar West', 'Mumbai', 'Maharashtra', '400028'),
    story: 'cancelled_by_customer',
    method: 'upi',
    lines: [{ category: 'Laptop', minRupees: 90_000, maxRupees: 95_000 }],
    placedHoursAgo: ago(34, 4),
    cancelledHoursAgo: ago(34, 2),
    reason: 'Ordered by mistake',
  },
  {
    customer: 10,
    address: address('Siddharth Rao', '+919845178902', '88, 4th Cross, 6th Block', 'Koramangala', 'Bengaluru', 'Karnataka', '560095'),
    story: 'delivered',
    method: 'card',
    lines: [{ category: 'Monitor', minRupees: 40_000, maxRupees: 46_000 }],
    placedHoursAgo: ago(38, 1),
  },
  {
    customer: 13,
    address: address('Farhan Qureshi', '+919830045612', 'BF-112, Sector I', 'Salt Lake City', 'Kolkata', 'West Bengal', '700064'),
    story: 'delivered',
    method: 'netbanking',
    lines: [{ category: 'Desktop', minRupees: 55_000, maxRupees: 60_000 }],
    placedHoursAgo: ago(31, 6),
  },
  {
    customer: 11,
    address: address('Kavya Menon', '+919886034521', '23, 12th Main Road', 'Indiranagar', 'Bengaluru', 'Karnataka', '560038'),
    story: 'delivered',
    method: 'upi',
    lines: [{ category: 'Laptop', minRupees: 65_000, maxRupees: 75_000 }],
    placedHoursAgo: ago(22, 3),
  },
  {
    customer: 15,
    address: address('Manoj Pawar', '+919822567340', '5, Shree Ganesh Apartments', 'College Road', 'Nashik', 'Maharashtra', '422005'),
    story: 'delivered',
    method: 'cod',
    lines: [{ category: 'Desktop', minRupees: 30_000, maxRupees: 45_000 }],
    placedHoursAgo: ago(16, 5),
  },
  {
    customer: 17,
    address: address('Harpreet Singh', '+919815067234', 'House 1456, Sector 22-B', null, 'Chandigarh', 'Chandigarh', '160022'),
    story: 'delivered',
    method: 'emi',
    emiTenureMonths: 12,
    lines: [{ category: 'Laptop', minRupees: 1_15_000, maxRupees: 1_25_000 }],
    placedHoursAgo: ago(11, 4),
  },
  {
    customer: 9,
    address: address('Neha Gupta', '+919818345670', 'Flat 8B, Sector 12', 'Dwarka', 'New Delhi', 'Delhi', '110075'),
    story: 'shipped',
    method: 'card',
    lines: [{ category: 'Monitor', minRupees: 19_000, maxRupees: 22_000 }],
    placedHoursAgo: ago(3, 2),
  },
  {
    customer: 12,
    address: address(
      'Amit Shinde',
      '+919867012398',
      'D-204, Palm Beach Residency',
      'Sector 17, Vashi',
      'Navi Mumbai',
      'Maharashtra',
      '400703',
    ),
    story: 'processing',
    method: 'upi',
    lines: [{ category: 'Laptop', minRupees: 50_000, maxRupees: 57_000 }],
    placedHoursAgo: ago(1, 8),
  },
  {
    customer: 19,
    address: address('Nikhil Jadhav', '+919850123476', '17, Amanora Park Town', 'Hadapsar', 'Pune', 'Maharashtra', '411028'),
    story: 'placed',
    method: 'cod',
    lines: [{ category: 'Monitor', minRupees: 7_000, maxRupees: 8_000 }],
    placedHoursAgo: 5,
  },
];
