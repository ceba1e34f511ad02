import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '~/shared/schemas/auth';
import { UserDetail } from './user-detail';

const detail: AdminUserDetail = {
  user: {
    uid: 'usr_vendor',
    name: 'Rohan Deshmukh',
    email: 'rohan@example.in',
    role: 'vendor',
    createdAt: '2026-11-21T06:30:00.000Z',
    suspended: true,
    suspendedReason: 'Shipped counterfeit chargers',
    emailVerified: true,
  },
  addresses: [
    {
      id: 'adr_1',
      fullName: 'Rohan Deshmukh',
      mobile: '+919822045678',
      line1: '12 FC Road',
      line2: null,
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411004',
      isDefault: true,
    },
  ],
  vendor: {
    id: 'ven_1',
    businessName: 'Deccan Laptops LLP',
    mobile: '+919822045678',
    gstin: '27AAPFU0939F1ZV',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
    status: 'suspended',
    statusReason: 'Shipped counterfeit chargers',
    createdAt: '2026-11-21T06:30:00.000Z',
    decidedAt: '2026-11-24T06:30:00.000Z',
    trusted: false,
    openOrders: 2,
  },
  orders: {
    total: 1,
    recent: [
      {
        id: 'ord_1',
        orderNumber: 'SC-100042',
        status: 'delivered',
        orderDate: '2026-11-22T06:30:00.000Z',
        totalPaise: 54_990_00,
        paymentMethod: 'upi',
      },
    ],
  },
  reviews: {
    total: 1,
    recent: [
      {
        id: 'rev_1',
        productId: 'prd_1',
        productName: 'ThinkPad E14',
        rating: 4,
        title: 'Solid keyboard',
        createdAt: '2026-11-23T06:30:00.000Z',
        hidden: true,
      },
    ],
  },
  sessions: [
    {
      id: 'ses_1',
      device: 'Chrome on Android',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      ipAddress: '203.0.113.7',
      signedInAt: '2026-11-24T06:30:00.000Z',
      lastSeenAt: '2026-11-24T08:30:00.000Z',
      expiresAt: '2026-12-24T06:30:00.000Z',
    },
  ],
};

describe('UserDetail', () => {
  it('shows the suspension, the business with its reason and commission link, orders, reviews and sessions', () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <UserDetail detail={detail} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('This account is suspended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate account of Rohan Deshmukh' })).toBeInTheDocument();
    const business = screen.getByRole('region', { name: 'Business' });
    expect(within(business).getByText('+91 98220 45678')).toBeInTheDocument();
    expect(within(business).getAllByText('Shipped counterfeit chargers').length).toBeGreaterThan(0);
    expect(within(business).getByRole('link', { name: 'Commission plan and payouts' })).toHaveAttribute(
      'href',
      '/admin/payouts?vendor=ven_1',
    );
    // Its open orders are the admin's to ship or cancel while it is suspended.
    expect(within(business).getByText('2 open orders wait on this seller')).toBeVisible();
    expect(within(business).getByRole('link', { name: 'Its orders' })).toHaveAttribute('href', '/admin/orders?vendorId=ven_1');
    const orders = screen.getByRole('region', { name: 'Orders (1)' });
    expect(within(orders).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    expect(within(orders).getByText('₹54,990.00')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews (1)' });
    expect(within(reviews).getByText('Hidden')).toBeInTheDocument();
    const sessions = screen.getByRole('table', { name: 'Sessions of Rohan Deshmukh that have not ended' });
    expect(within(sessions).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(sessions).getByText('203.0.113.7')).toBeInTheDocument();
    // It scrolls sideways on a phone, in a box the keyboard can reach though no cell holds a control.
    expect(screen.getByRole('region', { name: 'Sessions of Rohan Deshmukh that have not ended' })).toHaveAttribute('tabindex', '0');
  });
});
