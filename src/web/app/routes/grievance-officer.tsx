import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { defaultShopSettings } from '~/shared/schemas/settings';
import { publicSettingsQueryOptions } from '~/web/lib/shop-settings';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { LegalHeading } from '~/web/components/ui/legal-heading';

const LAST_UPDATED = '7 December 2026';
const FALLBACK = defaultShopSettings().grievanceOfficer!;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The grievance officer's page (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)): the officer's
 * name, designation and contact details as the admin set them, how to complain and the time limits.
 */
export default function GrievanceOfficerPage() {
  useDocumentTitle('Grievance officer');
  const officer = useQuery(publicSettingsQueryOptions()).data?.grievanceOfficer ?? FALLBACK;

  return (
    <article className="prose-shop">
      <LegalHeading title="Grievance officer" updated={LAST_UPDATED} />
      <p>
        Under the Consumer Protection (E-Commerce) Rules, 2020, {SHOP.name} has appointed a grievance officer for complaints about anything
        bought on our marketplace, whether we sell it or one of our sellers does.
      </p>

      <h2>Our grievance officer</h2>
      <address className="not-italic">
        <dl>
          <dt>Name</dt>
          <dd>{officer.name}</dd>
          <dt>Designation</dt>
          <dd>{officer.designation}</dd>
          <dt>Postal address</dt>
          <dd className="whitespace-pre-line">{officer.address}</dd>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(officer.phone)}>{officer.phone}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </dd>
          <dt>Working hours</dt>
          <dd>{officer.hours}</dd>
        </dl>
      </address>

      <h2>How to file a complaint</h2>
      <ul>
        <li>
          <strong>About an order:</strong> open it in <Link to={paths.orders}>My orders</Link> and choose “Raise a complaint”. You can name
          the item it is about.
        </li>
        <li>
          <strong>Anything else, or without an account:</strong> use the <Link to={paths.contact}>contact page</Link> and choose the topic
          “Complaint (grievance)”. Give your name, e-mail and mobile number.
        </li>
        <li>
          <strong>By post, e-mail or phone:</strong> write to or call the grievance officer at the address above; we register your complaint
          the same way.
        </li>
      </ul>
      <p>
        Every complaint gets a ticket number, such as GRV-2026-000123, shown at once and e-mailed to you. Signed-in customers can follow
        their complaints, read the officer&apos;s replies and answer them under <Link to={paths.accountComplaints}>My complaints</Link>.
      </p>

      <h2>Time limits</h2>
      <ul>
        <li>
          We <strong>acknowledge</strong> your complaint within <strong>48 hours</strong> of receiving it.
        </li>
        <li>
          We <strong>resolve</strong> it within <strong>one month</strong> of receiving it, and e-mail you the resolution.
        </li>
      </ul>
      <p>
        If you are not satisfied with the resolution, you may call the National Consumer Helpline on 1915, file online at e-Daakhil, or
        approach the consumer commission of your district.
      </p>
    </article>
  );
}
