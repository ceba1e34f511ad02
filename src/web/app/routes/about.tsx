import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { ContactChannels, StoreCards } from '~/web/features/contact/components/shop-details';
import { useReturnWindowDays } from '~/web/lib/shop-settings';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const BRANDS = ['Dell', 'HP', 'Lenovo', 'Apple', 'ASUS', 'Acer', 'MSI', 'Samsung', 'LG', 'BenQ'];

export default function AboutPage() {
  const days = useReturnWindowDays();
  useDocumentTitle('About us');
  const [pune, vashi] = SHOP.stores;

  return (
    <div className="space-y-10">
      <article className="prose-shop">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">About {SHOP.name}</h1>
        <p className="text-lg text-slate-600">
          A computer shop from {pune.city} that has helped students, families, freelancers and businesses choose the right laptop, desktop
          or monitor since {SHOP.tradingSince}, now delivering to every corner of India.
        </p>

        <h2>Our story</h2>
        <p>
          {SHOP.name} opened in {SHOP.tradingSince} as a small store on Fergusson College Road in Shivajinagar, {pune.city}. It was the year
          everyone suddenly needed a computer at home for online classes and work, and we spent it helping people find a machine that fitted
          both the job and the budget, rather than whatever happened to be in stock.
        </p>
        <p>
          Word spread, and customers from Mumbai kept making the trip down the expressway. So we opened a second store with a service centre
          in Vashi, {vashi.city}, where our technicians set up new machines, transfer data, upgrade memory and storage, and help with
          warranty repairs. This website brings the same advice and the same honest prices to customers anywhere in India.
        </p>

        <h2>What we sell</h2>
        <p>We specialise in three things and know them well:</p>
        <ul>
          <li>
            <strong>Laptops</strong>: thin-and-light machines for college and travel, business laptops, creator and gaming laptops, and
            MacBooks.
          </li>
          <li>
            <strong>Desktops</strong>: office towers, all-in-ones, mini PCs and workstations, plus custom builds configured to your needs.
          </li>
          <li>
            <strong>Monitors</strong>: from everyday Full HD screens to colour-accurate 4K panels for design work and high-refresh displays
            for gaming.
          </li>
        </ul>
        <p>
          You will find brands such as {BRANDS.slice(0, -1).join(', ')} and {BRANDS.at(-1)}. If you cannot find a particular model, ask us:
          we can often source it.
        </p>

        <h2>Genuine products, proper paperwork</h2>
        <p>
          Every product we sell is new, genuine and sourced through the brand&apos;s authorised distribution in India. Each order comes with
          a GST invoice (our GSTIN is {SHOP.gstin}), so businesses can claim input tax credit, and the invoice is what the brand asks for
          when you use the manufacturer&apos;s warranty. Serial numbers are recorded on the invoice, and we never sell grey-market or
          refurbished stock as new.
        </p>

        <h2>A marketplace of vetted vendors</h2>
        <p>
          Alongside our own stock, selected computer dealers from across India sell through {SHOP.name}. Every vendor is approved by our
          team before they can list a single product: we check their business details and GSTIN, and we review their listings. Vendors must
          meet the same standards we hold ourselves to: genuine products, GST invoices, honest descriptions and prompt dispatch. Each
          product page shows who sells and ships it, and our support team stays with you from payment to delivery and beyond, whoever the
          seller is.
        </p>
        <p>
          Run a computer business and want to reach more customers? <Link to={paths.vendor.register}>Apply to sell with us</Link>.
        </p>

        <h2>Delivery across India</h2>
        <p>
          We ship to every serviceable PIN code in India through trusted courier partners. Computers travel well packed and insured, and you
          can follow each shipment from <Link to={paths.orders}>My orders</Link>. If something arrives damaged or is not right, our{' '}
          <Link to={paths.returns}>Returns &amp; Refunds</Link> policy gives you {days} days from delivery to tell us.
        </p>

        <h2>Ways to pay</h2>
        <p>
          Pay the way that suits you: credit and debit cards, net banking, UPI, or easy EMI on eligible credit and debit cards, including
          no-cost EMI on selected tenures. Payments are processed by an RBI-authorised payment gateway; we never see or store your full card
          number. All prices are in rupees and include GST.
        </p>
      </article>

      <section aria-labelledby="stores-heading" className="space-y-4">
        <h2 id="stores-heading" className="text-xl font-bold text-slate-900">
          Visit our stores
        </h2>
        <p className="max-w-prose text-slate-700">
          Come and try a keyboard, compare screens side by side, or collect an order. Our {vashi.city} store also houses our service centre.
        </p>
        <StoreCards />
      </section>

      <section aria-labelledby="reach-heading" className="space-y-4">
        <h2 id="reach-heading" className="text-xl font-bold text-slate-900">
          How to reach us
        </h2>
        <ContactChannels />
        <p className="text-slate-700">
          Prefer to write? Use the form on our{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 underline">
            contact page
          </Link>{' '}
          and we will reply within one working day.
        </p>
      </section>
    </div>
  );
}
