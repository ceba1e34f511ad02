import { USER_ROLE_LABELS } from '~/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '~/shared/money';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type OrderStatus, type PaymentMethod } from '~/shared/orders';
import { paths } from '~/shared/paths';
import type { AdminUserDetail } from '~/shared/schemas/auth';
import { Badge } from '~/web/components/ui/badge';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { ScrollRegion } from '~/web/components/ui/scroll-region';
import { formatCount, formatDate, formatDateTime, formatMobile } from '~/web/lib/format';
import { OneLine } from '~/web/components/ui/one-line';
import { AccountActions } from './account-actions';
import { AccountStatusBadges, ROLE_TONES } from './status-badges';
import { TrustedSellerToggle } from './trusted-seller-toggle';

const linkClasses = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

/** Everything an admin reads about one account, with its actions. */
export function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user, vendor, addresses, orders, reviews, sessions } = detail;
  const account = {
    uid: user.uid,
    name: user.name,
    role: user.role,
    suspended: user.suspended,
    emailVerified: user.emailVerified,
    vendor: vendor
      ? { id: vendor.id, businessName: vendor.businessName, status: vendor.status, gstin: vendor.gstin, openOrders: vendor.openOrders }
      : null,
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={ROLE_TONES[user.role]}>{USER_ROLE_LABELS[user.role]}</Badge>
          <AccountStatusBadges suspended={user.suspended} vendorStatus={vendor?.status ?? null} />
        </div>
        <AccountActions account={account} full />
      </div>
      {user.suspended && (
        <Alert tone="error" title="This account is suspended">
          It cannot sign in. Reason: “{user.suspendedReason ?? 'none given'}”.
        </Alert>
      )}

      <Section title="Profile" id="user-profile">
        <Facts
          items={[
            ['Name', user.name],
            ['E-mail', <OneLine fill>{user.email}</OneLine>],
            ['Role', USER_ROLE_LABELS[user.role]],
            ['Joined', formatDate(user.createdAt)],
          ]}
        />
      </Section>

      {vendor && (
        <Section title="Business" id="user-business">
          <Facts
            items={[
              ['Business name', vendor.businessName],
              ['Mobile', formatMobile(vendor.mobile)],
              ['GSTIN', vendor.gstin ?? 'None given'],
              ['Pickup from', `${vendor.pickupCity}, ${vendor.pickupState} ${vendor.pickupPinCode}`],
              ['Applied', formatDate(vendor.createdAt)],
              ['Status', <AccountStatusBadges suspended={false} vendorStatus={vendor.status} />],
              ...(vendor.statusReason ? ([['Reason the vendor reads', vendor.statusReason]] as [string, ReactNode][]) : []),
              ...(vendor.decidedAt ? ([['Decided', formatDateTime(vendor.decidedAt)]] as [string, ReactNode][]) : []),
            ]}
          />
          <TrustedSellerToggle vendor={vendor} />
          {vendor.status === 'suspended' && vendor.openOrders > 0 && (
            <Alert
              tone="warning"
              title={`${formatCount(vendor.openOrders)} open order${vendor.openOrders === 1 ? '' : 's'} wait on this seller`}
              className="mt-4"
            >
              While it is suspended the seller cannot ship, deliver or take back its items: ship them or cancel them from its orders, or
              reinstate the business.
            </Alert>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={`${paths.admin.payouts}?vendor=${encodeURIComponent(vendor.id)}`} variant="secondary" size="sm">
              Commission plan and payouts
            </ButtonLink>
            <ButtonLink to={`${paths.admin.orders}?vendorId=${encodeURIComponent(vendor.id)}`} variant="secondary" size="sm">
              Its orders
            </ButtonLink>
          </div>
        </Section>
      )}

      <Section title={`Addresses (${addresses.length})`} id="user-addresses">
        {addresses.length === 0 ? (
          <Nothing>No saved addresses.</Nothing>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
                <p className="font-medium text-slate-900">
                  {a.fullName} {a.isDefault && <Badge tone="brand">Default</Badge>}
                </p>
                <p>
                  {a.line1}
                  {a.line2 && `, ${a.line2}`}
                </p>
                <p>
                  {a.city}, {a.state} {a.pinCode}
                </p>
                <p>{formatMobile(a.mobile)}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Orders (${orders.total})`} id="user-orders">
        {orders.recent.length === 0 ? (
          <Nothing>No orders yet.</Nothing>
        ) : (
          <ScrollRegion label={`Latest orders of ${user.name}`}>
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Latest orders of {user.name}</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Placed
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Payment
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.recent.map((o) => (
                  <tr key={o.id}>
                    <td className="py-2 pr-4">
                      <Link to={paths.adminOrder(o.id)} className={linkClasses}>
                        {o.orderNumber}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(o.orderDate)}</td>
                    <td className="py-2 pr-4">{ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status}</td>
                    <td className="py-2 pr-4">{PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod}</td>
                    <td className="py-2 text-right whitespace-nowrap">{formatPaise(o.totalPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {orders.total > orders.recent.length && (
              <p className="mt-2 text-sm text-slate-600">The latest {orders.recent.length} are shown.</p>
            )}
          </ScrollRegion>
        )}
      </Section>

      <Section title={`Reviews (${reviews.total})`} id="user-reviews">
        {reviews.recent.length === 0 ? (
          <Nothing>No reviews written.</Nothing>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {reviews.recent.map((r) => (
              <li key={r.id} className="py-2">
                <p className="font-medium text-slate-900">
                  {r.rating} of 5 · {r.title} {r.hidden && <Badge tone="warning">Hidden</Badge>}
                </p>
                <p className="text-slate-600">
                  {r.productName || 'A removed product'} · {formatDate(r.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Sign-in sessions (${sessions.length})`} id="user-sessions">
        {sessions.length === 0 ? (
          <Nothing>Not signed in anywhere.</Nothing>
        ) : (
          <ScrollRegion label={`Sessions of ${user.name} that have not ended`}>
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Sessions of {user.name} that have not ended</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Device
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    IP address
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Signed in
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Last seen
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sessions.map((s) => (
                  <tr key={s.id}>
                    <td className="py-2 pr-4" title={s.userAgent ?? undefined}>
                      {s.device}
                    </td>
                    <td className="py-2 pr-4">{s.ipAddress || 'Unknown'}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(s.signedInAt)}</td>
                    <td className="py-2 whitespace-nowrap">{formatDateTime(s.lastSeenAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Section>
    </div>
  );
}
