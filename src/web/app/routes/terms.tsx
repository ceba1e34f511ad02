import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useReturnWindowDays } from '~/web/lib/shop-settings';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { LegalHeading } from '~/web/components/ui/legal-heading';

const LAST_UPDATED = '21 November 2026';

export default function TermsPage() {
  const days = useReturnWindowDays();
  useDocumentTitle('Terms & Conditions');
  const head = SHOP.stores[0];

  return (
    <article className="prose-shop">
      <LegalHeading title="Terms & Conditions" updated={LAST_UPDATED} />
      <p>
        These terms apply when you use this website or buy from it. Please read them with our{' '}
        <Link to={paths.returns}>Returns &amp; Refunds</Link> policy and our <Link to={paths.privacy}>Privacy Policy</Link>, which form part
        of them. By creating an account or placing an order you agree to these terms.
      </p>

      <h2>Who we are</h2>
      <p>
        This website is run by {SHOP.name}, a computer retailer trading since {SHOP.tradingSince}, with its head office at{' '}
        {head.lines.join(', ')}, {head.cityLine}, and a store and service centre in Navi Mumbai. Our GSTIN is {SHOP.gstin}. In these terms,
        &ldquo;we&rdquo; and &ldquo;us&rdquo; mean {SHOP.name}, and &ldquo;you&rdquo; means the person using the website or placing the
        order.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>
          Give accurate, current details when you register and keep them up to date, especially your e-mail address and delivery addresses.
        </li>
        <li>
          Keep your password safe and do not share it. You are responsible for what is done from your account. If you think someone else has
          used it, change your password and tell us straight away.
        </li>
        <li>An account is for one person. Businesses should register in the name of the person who buys for them.</li>
        <li>You must be 18 or older to open an account and place orders.</li>
        <li>
          We may suspend or close an account that breaks these terms or is used for fraud, and will tell you why unless the law prevents it.
        </li>
      </ul>

      <h2>Prices and product information</h2>
      <p>
        All prices are in Indian rupees (INR) and include GST; the GST part is shown on your invoice. Delivery charges, if any, are shown
        before you pay. Prices and offers can change at any time, but the price you pay is the one confirmed at checkout.
      </p>
      <p>
        We and our vendors take care to describe products accurately, using the manufacturer&apos;s specifications. Photos are illustrative,
        and a manufacturer may change minor details of a model without notice. If a product is listed at an obviously wrong price or with a
        clearly wrong specification, we are not bound to sell it at that price or as described: we will contact you, and you can buy at the
        correct price or cancel with a full refund.
      </p>

      <h2>Orders and cancellation by us</h2>
      <p>
        Placing an order is an offer to buy. We accept it when we send the order confirmation e-mail after payment (or, for cash on
        delivery, after confirming the order). We may decline or cancel an order, in whole or in part, if:
      </p>
      <ul>
        <li>the item is out of stock or no longer available from the manufacturer;</li>
        <li>it was listed with a pricing or specification error;</li>
        <li>the payment fails, is reversed or does not pass our fraud checks, or we cannot verify the order;</li>
        <li>the delivery address is not serviceable; or</li>
        <li>the quantity suggests resale where an offer is limited to personal use.</li>
      </ul>
      <p>
        If we cancel an order you have paid for, we tell you why and refund the full amount to the original payment method. You can cancel
        an order yourself before it is shipped, as explained in the <Link to={paths.returns}>Returns &amp; Refunds</Link> policy.
      </p>

      <h2>Payment</h2>
      <p>
        You can pay by credit or debit card, net banking, UPI or EMI, and by cash on delivery up to the limit shown at checkout. Payments
        are processed by an RBI-authorised payment gateway; we do not see or store your full card details. EMI plans, including no-cost EMI,
        are offered by banks and card issuers on their own terms: the tenure, interest, processing fees and any GST on interest are set by
        them, and eligibility is their decision.
      </p>

      <h2>Delivery</h2>
      <p>
        We deliver to serviceable PIN codes across India; checkout tells you if we can deliver to yours. Delivery estimates are given in
        good faith but are not guaranteed, as couriers can be delayed by weather, strikes or other events outside our control. Please check
        the package when it arrives; if it is damaged or tampered with, note this with the courier or refuse it, and tell us within 48
        hours. Ownership and risk in the goods pass to you on delivery.
      </p>

      <h2>Returns and refunds</h2>
      <p>
        You can return products within {days} days of delivery in the situations and on the conditions set out in our{' '}
        <Link to={paths.returns}>Returns &amp; Refunds</Link> policy, which also explains how and when refunds are paid.
      </p>

      <h2>Warranty</h2>
      <p>
        Products carry the manufacturer&apos;s warranty, whose length and terms are set by the brand and shown on the product page and
        warranty card. Warranty service is given by the brand&apos;s authorised service centres. We will help you make a claim, but we do
        not add our own warranty unless a product page says so. The warranty does not cover physical or liquid damage, misuse, or repairs by
        unauthorised people.
      </p>

      <h2>Marketplace sellers</h2>
      <p>
        Some products on our website are sold by independent vendors whom our team has approved. The product page and your invoice show the
        seller. When you buy from a vendor, the contract of sale is between you and that vendor, and the vendor issues the GST invoice.
      </p>
      <p>
        Vendors must sell only new, genuine products with valid GST invoices, describe them accurately, keep their stock up to date,
        dispatch orders promptly and honour our returns policy. We take payments for vendor sales, pass them on to the vendor after
        delivery, handle customer support, returns and refunds for you, and remove vendors who do not meet these standards. We act as the
        marketplace and do not make the products ourselves.
      </p>

      <h2>Acceptable use</h2>
      <p>When using our website you must not:</p>
      <ul>
        <li>break the law, place orders with stolen payment details, or give false information;</li>
        <li>try to get into accounts, data or systems that are not yours, or interfere with the website&apos;s security or operation;</li>
        <li>copy the catalogue or prices with automated tools, or overload the site with requests; or</li>
        <li>post reviews or messages that are false, abusive, defamatory or written for payment.</li>
      </ul>

      <h2>Intellectual property</h2>
      <p>
        The website, its design, text and our logo belong to {SHOP.name}. Brand names, logos and product images belong to their owners and
        are used to identify their products. You may view and print pages for your own shopping but not copy or reuse them commercially
        without our permission.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        We are responsible for losses you suffer that are a foreseeable result of our breaking these terms or our negligence, up to the
        amount you paid for the order concerned. We are not responsible for losses that were not foreseeable, for business losses such as
        lost profits or opportunities, or for loss of data: please back up your data before sending a device for return or repair. Nothing
        in these terms limits rights you have under the Consumer Protection Act, 2019 or any liability that cannot be limited by law.
      </p>

      <h2>Governing law and disputes</h2>
      <p>
        These terms are governed by the laws of India. If you have a complaint, please contact us first: most problems are solved quickly.
        Subject to your right to approach a consumer commission under the Consumer Protection Act, 2019, the courts at Pune, Maharashtra
        have exclusive jurisdiction over any dispute arising from these terms or your use of the website.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms from time to time and will show the new date at the top. The terms in force when you place an order apply
        to that order.
      </p>

      <h2>Contact us</h2>
      <p>
        Questions about these terms? Call <a href={SHOP.phoneHref}>{SHOP.phone}</a> ({SHOP.hours}), e-mail{' '}
        <a href={`mailto:${SHOP.supportEmail}`}>{SHOP.supportEmail}</a>, write to {SHOP.name}, {head.lines.join(', ')}, {head.cityLine}, or
        use our <Link to={paths.contact}>contact page</Link>.
      </p>
    </article>
  );
}
