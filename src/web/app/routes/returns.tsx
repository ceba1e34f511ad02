import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { REFUND_TIMES } from '~/shared/orders';
import { paths } from '~/shared/paths';
import { useReturnWindowDays } from '~/web/lib/shop-settings';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { LegalHeading } from '~/web/components/ui/legal-heading';

const LAST_UPDATED = '21 November 2026';

/** The policy at a glance, for the return window in force (days after delivery). */
const summaryOf = (days: number) => [
  {
    situation: 'Arrived damaged, or the box was tampered with',
    window: `${days} days from delivery (tell us within 48 hours if you can)`,
    outcome: 'Replacement or full refund',
  },
  {
    situation: 'Defective or dead on arrival',
    window: `${days} days from delivery`,
    outcome: 'Replacement or full refund, after a check (and a brand DOA certificate where the brand requires one)',
  },
  { situation: 'Wrong item, or not as described', window: `${days} days from delivery`, outcome: 'Correct item or full refund' },
  {
    situation: 'Changed your mind',
    window: `${days} days from delivery, unopened with the seal intact`,
    outcome: 'Refund of the product price',
  },
  { situation: 'Order not yet shipped', window: 'Any time before dispatch', outcome: 'Cancel it yourself, full refund' },
  {
    situation: `Fault after ${days} days`,
    window: 'Manufacturer’s warranty period',
    outcome: 'Repair or replacement by the brand; we help with the claim',
  },
];

export default function ReturnsPage() {
  useDocumentTitle('Returns & Refunds');
  const serviceCentre = SHOP.stores[1];
  const days = useReturnWindowDays();

  return (
    <article className="prose-shop">
      <LegalHeading title="Returns & Refunds" updated={LAST_UPDATED} />
      <p>
        A computer is a big purchase, and we want you to be sure of it. This page explains when you can return a laptop, desktop, monitor or
        accessory bought on {SHOP.name}, how to do it, and how and when you get your money back. It applies to everything sold on our
        website, whether we sell it or one of our approved marketplace vendors does.
      </p>

      <h2>At a glance</h2>
      <div className="overflow-x-auto">
        <table className="max-sm:text-sm max-sm:hyphens-auto max-sm:[&_:is(td,th)]:px-2">
          <caption className="sr-only">Return windows and outcomes</caption>
          <thead>
            <tr>
              <th scope="col">Situation</th>
              <th scope="col">Window</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {summaryOf(days).map((row) => (
              <tr key={row.situation}>
                <td>{row.situation}</td>
                <td>{row.window}</td>
                <td>{row.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Returns within {days} days of delivery</h2>
      <h3>Damaged, defective, wrong or not as described</h3>
      <p>You can return an item within {days} days of delivery if:</p>
      <ul>
        <li>it arrived physically damaged, or the outer box was torn, wet or had clearly been opened in transit;</li>
        <li>
          it is defective or dead on arrival: it will not power on, or has a fault such as dead pixels beyond the brand&apos;s policy, a
          failing keyboard or a battery that will not charge;
        </li>
        <li>we or the vendor sent the wrong item, model or configuration; or</li>
        <li>it is not as described on the product page (for example a different processor, less memory or a smaller drive than listed).</li>
      </ul>
      <p>
        In these cases you choose a replacement (subject to stock) or a full refund, including any delivery charge. Please check your order
        as soon as it arrives. We recommend recording a short, unedited video while you open the package: it lets us settle damage claims
        quickly.
      </p>
      <p>
        Some brands ask for faults reported in the first days to be confirmed by their authorised service centre, which then issues a
        dead-on-arrival (DOA) certificate. When that applies we tell you, book the visit and follow it up with the brand for you.
      </p>

      <h3>Change of mind</h3>
      <p>
        If you simply change your mind, you can return an item within {days} days of delivery only if it is unopened, with the
        manufacturer&apos;s seal intact and the box undamaged. Once a computer has been unsealed and switched on it cannot be sold as new,
        so we cannot take it back for a change of mind. We collect the parcel free of charge; the original delivery charge, if you paid one,
        is not refunded.
      </p>

      <h2>Conditions for a return</h2>
      <p>For any return, the item must come back:</p>
      <ul>
        <li>with all accessories, cables, chargers, manuals, free gifts and the original box and packing;</li>
        <li>with a copy of the invoice;</li>
        <li>without physical damage, liquid damage, scratches or dents that were not there on delivery;</li>
        <li>with the same serial number as on our invoice, and warranty stickers untouched;</li>
        <li>with your data backed up and wiped: we are not responsible for files left on a returned device; and</li>
        <li>
          with every BIOS, disk-encryption and operating-system password removed, and signed out of your Microsoft account or Apple ID (turn
          off Find My on a Mac), so the device is not locked to you.
        </li>
      </ul>

      <h2>How to request a return</h2>
      <ol>
        <li>
          Sign in and open the order from <Link to={paths.orders}>My orders</Link>. On the order details page choose{' '}
          <strong>Request a return</strong>.
        </li>
        <li>
          Pick the reason and describe the problem. Add up to 4 clear photos (JPEG, PNG or WebP, each up to 10 MB) of the item, the
          serial-number label and the box; for damage, include the shipping label. Only you, the seller and our team see them.
        </li>
        <li>
          We confirm by e-mail and arrange a courier pickup from your delivery address, usually within 2 working days. Keep the item packed
          as it arrived.
        </li>
        <li>
          Once the item reaches us (or the vendor), we inspect it within 2 working days and tell you the result. If the return is approved,
          we send the replacement or start the refund the same day.
        </li>
      </ol>
      <p>
        If a pickup is not available at your PIN code, we will tell you how to send the item back and refund the reasonable courier cost for
        damaged, defective or wrong items. You can also bring a return to either of our stores.
      </p>
      <p>
        If the inspection shows the item does not meet the conditions above (for example it has liquid damage or a different serial number),
        we send it back to you and explain why, with photos.
      </p>

      <h2>Refunds</h2>
      <p>Refunds always go back to the way you paid. After a return is approved, or an order is cancelled, allow:</p>
      <ul>
        <li>
          <strong>UPI and net banking</strong>: {REFUND_TIMES.upi}.
        </li>
        <li>
          <strong>Credit and debit cards</strong>: {REFUND_TIMES.card}, depending on your card issuer.
        </li>
        <li>
          <strong>EMI</strong>: we ask the bank to cancel the EMI plan and refund the amount to your card within {REFUND_TIMES.emi}.
          Interest, processing fees and GST on interest already charged are handled by your bank under its own policy; for no-cost EMI, the
          interest waiver is reversed with the plan.
        </li>
        <li>
          <strong>Cash on delivery</strong>: to your bank account by NEFT within 2 to 4 working days of receiving your account details on
          your order page. We will never ask for your card PIN, OTP or UPI PIN to send a refund.
        </li>
      </ul>
      <p>
        You will receive an e-mail when the refund is issued, with a reference number you can quote to your bank. If it has not arrived by
        the end of the period above, contact us and we will chase it.
      </p>

      <h2>Cancelling an order</h2>
      <p>
        You can cancel an order yourself from its order details page at any time before it is shipped, and get a full refund. Once an order
        has been handed to the courier it can no longer be cancelled; if you no longer want it, the change-of-mind rules above apply after
        delivery. In an order with items from several vendors, each item can be cancelled until its own shipment leaves.
      </p>
      <p>
        We may cancel an order ourselves, for example when an item turns out to be out of stock, was listed at a clearly wrong price, or a
        payment fails our fraud checks. If that happens we tell you why and refund you in full, as described in our{' '}
        <Link to={paths.terms}>Terms &amp; Conditions</Link>.
      </p>

      <h2>What cannot be returned</h2>
      <ul>
        <li>software licences and subscriptions (such as Microsoft Office or antivirus) once the key has been revealed or activated;</li>
        <li>consumables such as cleaning kits or thermal paste once opened;</li>
        <li>items whose serial number or warranty sticker is missing, altered or tampered with;</li>
        <li>items with physical or liquid damage that happened after delivery; and</li>
        <li>desktops built or configured to your order, unless they arrive damaged or defective.</li>
      </ul>

      <h2>Warranty and repairs</h2>
      <p>
        After the {days}-day return window, faults are covered by the manufacturer&apos;s warranty, whose length is shown on each product
        page and printed on the warranty card. Warranty service is provided by the brand through its authorised service centres across
        India, often with on-site service for business laptops and desktops. Keep your GST invoice: the brand will ask for it.
      </p>
      <p>
        We are happy to help with a claim: tell us the problem and we will find the nearest authorised service centre, raise the ticket with
        you and follow it up. Customers near Mumbai can also bring the device to our service centre at {serviceCentre.lines.join(', ')},{' '}
        {serviceCentre.cityLine}, where our technicians diagnose the fault and hand it over to the brand for you.
      </p>

      <h2>Need help?</h2>
      <p>
        Call us on <a href={SHOP.phoneHref}>{SHOP.phone}</a>, e-mail <a href={`mailto:${SHOP.supportEmail}`}>{SHOP.supportEmail}</a> or
        write to us from the <Link to={paths.contact}>contact page</Link> ({SHOP.hours}). These terms do not affect your rights under the
        Consumer Protection Act, 2019.
      </p>
    </article>
  );
}
