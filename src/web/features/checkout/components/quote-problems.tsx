import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Alert } from '~/web/components/ui/feedback';

/** Lines that cannot be ordered as they are: they block the order until the cart is fixed. */
export function QuoteProblems({ problems }: { problems: QuoteResponse['problems'] }) {
  if (problems.length === 0) return null;
  return (
    <Alert tone="error" title="Some items cannot be ordered as they are" className="mb-6">
      <ul className="list-disc space-y-1 pl-5">
        {problems.map((p) => (
          <li key={p.productId}>
            {p.name ? <strong>{p.name}: </strong> : null}
            {p.message}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Link to={paths.cart} className="font-semibold underline">
          Update your cart
        </Link>{' '}
        to continue.
      </p>
    </Alert>
  );
}
