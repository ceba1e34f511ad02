import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, Mail, MessageSquareWarning, PackageMinus, Store, Truck, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { AdminDashboard } from '~/shared/schemas/dashboard';
import { cn } from '~/web/components/ui/cn';
import { grievanceOverdueCountsOptions } from '~/web/lib/admin-grievances';
import { formatCount } from '~/web/lib/format';

/** What waits for an admin now, whatever the period: each count leads to its list, filtered. */
export function NeedsAttention({ attention }: { attention: AdminDashboard['attention'] }) {
  // Complaints past a legal deadline (decision 74), from the grievance officer's desk.
  const overdueGrievances = useQuery(grievanceOverdueCountsOptions()).data?.any;
  const items: { label: string; count: number; to: string; icon: ReactNode; urgent?: boolean }[] = [
    {
      label: 'Vendors awaiting approval',
      count: attention.vendorsPending,
      to: `${paths.admin.users}?role=vendor&status=pending`,
      icon: <Store />,
    },
    {
      label: 'Orders late to ship (over 2 days)',
      count: attention.lateToShip,
      to: `${paths.admin.orders}?late=true`,
      icon: <Truck />,
      urgent: true,
    },
    { label: 'Returns waiting', count: attention.returnsWaiting, to: `${paths.admin.orders}?status=return_requested`, icon: <Undo2 /> },
    { label: 'Payments failed', count: attention.paymentsFailed, to: `${paths.admin.payments}?problem=failed`, icon: <CreditCard /> },
    {
      label: 'Payments stuck',
      count: attention.paymentsStuck,
      to: `${paths.admin.payments}?problem=stuck`,
      icon: <AlertTriangle />,
      urgent: true,
    },
    {
      label: 'Products low on stock',
      count: attention.lowStock,
      to: `${paths.admin.products}?status=active&stock=low`,
      icon: <PackageMinus />,
    },
    { label: 'Unanswered messages', count: attention.unansweredMessages, to: `${paths.admin.messages}?status=new`, icon: <Mail /> },
    ...(overdueGrievances === undefined
      ? []
      : [
          {
            label: 'Complaints overdue',
            count: overdueGrievances,
            to: `${paths.admin.grievances}?overdue=any`,
            icon: <MessageSquareWarning />,
            urgent: true,
          },
        ]),
  ];
  return (
    <section aria-labelledby="attention-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="attention-heading" className="font-semibold text-slate-900">
        Needs attention
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {items.map((item) => {
          const alarm = item.urgent && item.count > 0;
          return (
            <li key={item.label}>
              <Link to={item.to} className="hover:text-brand-700 flex items-center gap-3 py-2 text-sm">
                <span aria-hidden="true" className={cn('[&>svg]:size-4', alarm ? 'text-red-700' : 'text-slate-500')}>
                  {item.icon}
                </span>
                <span className="flex-1">{item.label}</span>
                <span className={cn('font-semibold tabular-nums', alarm ? 'text-red-700' : 'text-slate-900')}>
                  {formatCount(item.count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
