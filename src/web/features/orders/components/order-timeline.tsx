import type { OrderDetail } from '~/shared/schemas/orders';
import { formatDateTime } from '~/web/lib/format';

const ACTORS: Record<string, string> = {
  customer: 'You',
  admin: 'Sahyadri Computers',
  vendor: 'Seller',
  system: 'Automatic update',
  gateway: 'Payment gateway',
  payment: 'Payment gateway',
};

const actorName = (role: string) => ACTORS[role] ?? role.charAt(0).toUpperCase() + role.slice(1);

/** What happened to the order, oldest first: message, who, when. */
export function OrderTimeline({ timeline }: { timeline: OrderDetail['timeline'] }) {
  if (timeline.length === 0) return <p className="text-sm text-slate-600">No updates yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {timeline.map((entry, i) => (
        <li key={`${entry.createdAt}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-700 ring-4 ring-white" />
          <p className="text-sm font-medium text-slate-900">{entry.message}</p>
          <p className="text-xs text-slate-600">
            {actorName(entry.actorRole)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
