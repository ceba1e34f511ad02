import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { cn } from '~/web/components/ui/cn';

/** What a newly approved seller has done of what selling needs. */
export interface SellerSetup {
  /** A product on sale in the shop. */
  productOnSale: boolean;
  /** Drafts not yet on sale: the first step then points to them. */
  drafts: number;
  bankAccount: boolean;
  pickupStreet: boolean;
}

interface Step {
  id: string;
  done: boolean;
  title: string;
  detail: string;
  to: string;
  action: string;
}

function stepsOf(setup: SellerSetup): Step[] {
  return [
    setup.drafts > 0 && !setup.productOnSale
      ? {
          id: 'product',
          done: false,
          title: 'Put your first product on sale',
          detail: `You have ${setup.drafts === 1 ? 'a draft' : `${setup.drafts} drafts`}: shoppers see a product once it is on sale.`,
          to: `${paths.vendor.products}?status=draft`,
          action: 'Open your drafts',
        }
      : {
          id: 'product',
          done: setup.productOnSale,
          title: 'Put your first product on sale',
          detail: 'A laptop, desktop or monitor with its price, stock and pictures; or many at once from a CSV.',
          to: paths.vendorProduct('new'),
          action: 'Add a product',
        },
    {
      id: 'bank',
      done: setup.bankAccount,
      title: 'Add the bank account we pay you into',
      detail: 'Payouts for delivered orders go there every week.',
      to: `${paths.vendor.profile}#bank-account`,
      action: 'Add a bank account',
    },
    {
      id: 'pickup',
      done: setup.pickupStreet,
      title: 'Give the street of your pickup address',
      detail: 'Couriers collect your parcels there.',
      to: paths.vendor.profile,
      action: 'Add the street',
    },
  ];
}

/**
 * The steps between an approved seller and its first payout, shown on the dashboard until each is
 * done: what is left links to where it is done.
 */
export function GettingStarted({ setup }: { setup: SellerSetup }) {
  const steps = stepsOf(setup);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section aria-labelledby="getting-started-heading" className="rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h2 id="getting-started-heading" className="font-semibold text-slate-900">
        Get ready to sell
      </h2>
      <p className="text-sm text-slate-700">
        {done} of {steps.length} done
      </p>
      <ol className="mt-3 space-y-3">
        {steps.map((step) => (
          <li key={step.id} className="flex gap-3">
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            )}
            <div className="text-sm">
              <p className={cn('font-medium', step.done ? 'text-slate-600 line-through' : 'text-slate-900')}>
                {step.title}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </p>
              {!step.done && (
                <p className="text-slate-700">
                  {step.detail}{' '}
                  <Link to={step.to} className="font-medium text-brand-700 underline">
                    {step.action}
                  </Link>
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
