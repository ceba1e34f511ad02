import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { PageHeader } from '~/web/components/ui/page-header';
import { useUser } from '~/web/lib/session/session';
import { ContactForm } from '~/web/features/contact/components/contact-form';
import { ContactChannels, StoreCards } from '~/web/features/contact/components/shop-details';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function ContactPage() {
  useDocumentTitle('Contact us');
  const user = useUser();

  return (
    <div className="space-y-10">
      <PageHeader
        title="Contact us"
        description="Questions about a product, an order or a return? Call, message or write to us, or walk into one of our stores."
      />

      <section aria-labelledby="reach-heading">
        <h2 id="reach-heading" className="sr-only">
          Ways to reach us
        </h2>
        <ContactChannels />
      </section>

      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="message-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5 sm:p-8">
          <h2 id="message-heading" className="text-xl font-bold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            Our team reads every message and replies by e-mail within one working day. For a return, you can also start it from{' '}
            <Link to={paths.orders} className="font-semibold text-brand-700 underline">
              My orders
            </Link>
            .
          </p>
          <ContactForm key={user?.uid ?? 'guest'} defaults={user ? { name: user.name, email: user.email } : undefined} />
        </section>

        <section aria-labelledby="stores-heading" className="space-y-4">
          <h2 id="stores-heading" className="text-xl font-bold text-slate-900">
            Visit our stores
          </h2>
          <StoreCards className="sm:grid-cols-2 lg:grid-cols-1" />
          <div className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
            <h3 className="font-semibold text-slate-900">Business details</h3>
            <dl className="mt-2 space-y-1">
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-medium">Trading name:</dt>
                <dd>{SHOP.name}</dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-medium">GSTIN:</dt>
                <dd className="font-mono">{SHOP.gstin}</dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-medium">Trading since:</dt>
                <dd>{SHOP.tradingSince}</dd>
              </div>
            </dl>
            <p className="mt-3">
              For bulk or business purchases with GST input credit, choose “Business or bulk purchase” in the form and we will send a
              quotation.
            </p>
          </div>
        </section>
      </div>
    </div>
  );
}
