import { useState } from 'react';
import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { CONTACT_TOPICS } from '~/shared/schemas/contact';
import { paths } from '~/shared/paths';
import { PageHeader } from '~/web/components/ui/page-header';
import { useUser } from '~/web/lib/session/session';
import { ContactForm } from '~/web/features/contact/components/contact-form';
import { ContactComplaintForm, type Sender } from '~/web/features/grievances/components/contact-complaint-form';
import { ContactChannels, StoreCards } from '~/web/features/contact/components/shop-details';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The contact page's topic of a complaint to the grievance officer (Consumer Protection (E-Commerce) Rules 2020). */
const COMPLAINT_TOPIC = 'Complaint (grievance)';

export default function ContactPage() {
  useDocumentTitle('Contact us');
  const user = useUser();
  // The topic "Complaint (grievance)" swaps the message form for the complaint form (a ticket with due dates), and back.
  const [form, setForm] = useState<{ kind: 'message' | 'complaint'; topic?: string; sender?: Sender }>({ kind: 'message' });
  const sender = form.sender ?? { name: user?.name ?? '', email: user?.email ?? '', mobile: '' };

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
            . For a complaint, choose “{COMPLAINT_TOPIC}”: it goes to our{' '}
            <Link to={paths.grievanceOfficer} className="font-semibold text-brand-700 underline">
              grievance officer
            </Link>{' '}
            with a ticket number.
          </p>
          {form.kind === 'complaint' ? (
            <ContactComplaintForm
              sender={sender}
              signedIn={user?.role === 'customer'}
              topic={COMPLAINT_TOPIC}
              topics={[...CONTACT_TOPICS, COMPLAINT_TOPIC]}
              onTopicChange={(topic, next) => setForm({ kind: topic === COMPLAINT_TOPIC ? 'complaint' : 'message', topic, sender: next })}
            />
          ) : (
            <ContactForm
              key={`${user?.uid ?? 'guest'}-${form.topic ?? ''}`}
              defaults={{ ...sender, topic: form.topic }}
              otherTopics={[COMPLAINT_TOPIC]}
              onOtherTopic={(_topic, next) => setForm({ kind: 'complaint', sender: next })}
            />
          )}
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
