import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { LegalHeading } from '~/web/components/ui/legal-heading';

const LAST_UPDATED = '21 November 2026';

const GRIEVANCE_OFFICER = {
  name: 'Aparna Deshpande',
  email: `grievance@${SHOP.supportEmail.split('@')[1]}`,
};

const RETENTION = [
  { data: 'Invoices and the order records behind them', period: '8 years from the end of the financial year, as GST law requires' },
  { data: 'Your account, saved addresses and order history', period: 'Until you delete your account' },
  { data: 'Vendor business details', period: 'While the vendor sells with us, then 8 years for tax and payout records' },
  { data: 'Contact-form messages', period: '2 years after our last reply' },
  { data: 'Security and server logs, including IP addresses', period: '90 days, longer only if needed to investigate an incident' },
  { data: 'Sign-in sessions', period: 'Until you sign out, or 30 days without use' },
];

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  const head = SHOP.stores[0];

  return (
    <article className="prose-shop">
      <LegalHeading title="Privacy Policy" updated={LAST_UPDATED} />
      <p>
        This policy explains what personal data {SHOP.name} collects when you use our website or shop with us, why, who we share it with,
        how long we keep it, and the rights you have under India&apos;s Digital Personal Data Protection Act, 2023 (the DPDP Act) and the
        rules made under it. We collect only what we need to sell you a computer and look after you afterwards.
      </p>

      <h2>Who we are</h2>
      <p>
        {SHOP.name} (GSTIN {SHOP.gstin}) runs this website and decides how and why your personal data is used, which makes us the
        &ldquo;data fiduciary&rdquo; under the DPDP Act. Our head office is at {head.lines.join(', ')}, {head.cityLine}. For marketplace
        orders, the vendor who ships your item receives the details it needs to do so and is responsible for using them only for that
        purpose.
      </p>

      <h2>What we collect</h2>
      <h3>Your account</h3>
      <p>
        Your name, e-mail address and password. The password is never stored as you type it: we keep only a salted hash, from which it
        cannot be read back, not even by our staff.
      </p>
      <h3>Delivery and orders</h3>
      <p>
        The delivery addresses and mobile numbers you enter, the products you order, the amounts, the payment method and status, shipments,
        returns and refunds. We do not receive or store your full card number, CVV, UPI PIN or net-banking password: those go straight to
        our payment gateway.
      </p>
      <h3>Vendors</h3>
      <p>If you sell with us: your business name, GSTIN, contact person, phone, address, and the bank details needed for payouts.</p>
      <h3>Messages you send us</h3>
      <p>What you write in our contact form or by e-mail, with your name, e-mail address and, if you give it, your mobile number.</p>
      <h3>Technical and security data</h3>
      <p>
        When you use the site, our servers record the IP address, browser type, pages requested and the time. Sign-in sessions record the IP
        address and browser they were started from, so suspicious sign-ins can be spotted and ended.
      </p>

      <h2>Why we use it</h2>
      <p>We use your personal data only for these purposes, on the basis of your consent or the legitimate uses the DPDP Act allows:</p>
      <ul>
        <li>to create and run your account and keep you signed in;</li>
        <li>to take, process and deliver your orders, handle returns, refunds and warranty claims, and issue GST invoices;</li>
        <li>to reply to your questions and send you messages about your orders (not marketing, unless you ask for it);</li>
        <li>to approve vendors, show who sells each product, and pay vendors for their sales;</li>
        <li>
          to prevent fraud and abuse and keep the shop secure, for example by limiting repeated sign-in attempts and form submissions from
          one address, and by checking unusual payments; and
        </li>
        <li>to meet our legal obligations, such as tax and accounting records, and requests from authorities made under law.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>We share only what each party needs:</p>
      <ul>
        <li>our payment gateway, an RBI-authorised payment aggregator, to take payments, EMIs and refunds;</li>
        <li>courier partners, who receive your name, delivery address and mobile number to deliver and collect parcels;</li>
        <li>the marketplace vendor who ships your item, who receives the same delivery details and what you ordered from them;</li>
        <li>brand service centres, when you ask us to help with a warranty claim;</li>
        <li>tax authorities, through GST returns and e-invoices, and other authorities when the law requires it; and</li>
        <li>companies that host our servers and send our e-mails, under contracts that let them use the data only on our instructions.</li>
      </ul>
      <p>
        <strong>We do not sell your personal data</strong>, rent it, or share it with advertisers.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        We use a single essential cookie: an HttpOnly session cookie, set when you sign in, that keeps you signed in. Scripts on the page
        cannot read it, and it is sent only to our own website. Your cart is kept in your browser&apos;s local storage on your own device,
        not on our servers, until you check out or clear it. We use no advertising trackers, no third-party analytics cookies and no
        social-media pixels, so there is nothing to opt out of.
      </p>

      <h2>How long we keep it</h2>
      <div className="overflow-x-auto">
        <table className="max-sm:text-sm max-sm:hyphens-auto max-sm:[&_:is(td,th)]:px-2">
          <caption className="sr-only">How long each kind of data is kept</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION.map((row) => (
              <tr key={row.data}>
                <td>{row.data}</td>
                <td>{row.period}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        When you delete your account we erase your profile and saved addresses. Invoices and the order records the law requires us to keep
        are retained for the period above and then deleted.
      </p>

      <h2>How we protect it</h2>
      <p>
        The site is served only over encrypted HTTPS connections. Passwords are hashed, access to customer data is limited to staff who need
        it for their work, vendors see only the orders for their own products, and we keep our systems up to date. If a personal data breach
        happens, we will inform the Data Protection Board of India and the people affected, as the law requires.
      </p>

      <h2>Your rights</h2>
      <p>Under the DPDP Act you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong>: a summary of the personal data we hold about you and how we use it, and who we have shared it with;
        </li>
        <li>
          <strong>correction</strong>: have inaccurate or incomplete data corrected and updated;
        </li>
        <li>
          <strong>erasure</strong>: have your data deleted when it is no longer needed, except what the law requires us to keep;
        </li>
        <li>
          <strong>withdraw consent</strong> at any time, as easily as you gave it (this does not affect what was done before);
        </li>
        <li>
          <strong>grievance redressal</strong>: have a complaint about how we handle your data heard and resolved; and
        </li>
        <li>
          <strong>nominate</strong> another person to exercise these rights for you in the event of your death or incapacity.
        </li>
      </ul>
      <p>
        Write to our Grievance Officer from the e-mail address on your account, or use our <Link to={paths.contact}>contact page</Link>. We
        may ask you to confirm your identity before acting on a request.
      </p>

      <h2>Grievance Officer</h2>
      <p>If you have a question or complaint about your personal data, contact:</p>
      <address className="not-italic">
        <p>
          {GRIEVANCE_OFFICER.name}, Grievance Officer
          <br />
          {SHOP.name}
          <br />
          {head.lines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          {head.cityLine}
          <br />
          E-mail: <a href={`mailto:${GRIEVANCE_OFFICER.email}`}>{GRIEVANCE_OFFICER.email}</a>
          <br />
          Phone: <a href={SHOP.phoneHref}>{SHOP.phone}</a> ({SHOP.hours})
        </p>
      </address>
      <p>
        We acknowledge every grievance within 48 hours and resolve it within 30 days at the latest. If you are not satisfied with our
        answer, you may complain to the Data Protection Board of India.
      </p>

      <h2>Children</h2>
      <p>
        Our shop is meant for adults. You must be 18 or older to create an account or place an order. If you are under 18, a parent or
        guardian must buy for you from their own account. If we learn that we hold a child&apos;s data without a parent&apos;s consent, we
        delete it.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We will update this policy when our practices or the law change, and show the new date at the top. If a change affects how we use
        data you have already given us, we will tell you by e-mail before it takes effect. See also our{' '}
        <Link to={paths.terms}>Terms &amp; Conditions</Link> and <Link to={paths.returns}>Returns &amp; Refunds</Link> policy.
      </p>
    </article>
  );
}
