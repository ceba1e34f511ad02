import { formatPaise } from '~/shared/money';
import { EMI_TENURES, TEST_BANKS, TEST_CARDS } from './payment-rules';

export const MERCHANT_NAME = 'Sahyadri Computers';
export const STYLESHEET_PATH = '/test-gateway/assets/checkout.css';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="gateway">
<p class="badge">Test mode · no real money moves</p>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutPageInput {
  orderId: string;
  amountPaise: number;
  returnUrl: string;
  /** Why the last submission was not accepted. */
  error?: string;
  paid?: boolean;
}

const cardFields = (prefix: string) => `
<label for="${prefix}-number">Card number</label>
<input id="${prefix}-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4111 1111 1111 1111">
<div class="row">
<div><label for="${prefix}-expiry">Expiry (MM/YY)</label>
<input id="${prefix}-expiry" name="card_expiry" autocomplete="cc-exp" required placeholder="12/30"></div>
<div><label for="${prefix}-cvv">CVV</label>
<input id="${prefix}-cvv" name="card_cvv" inputmode="numeric" autocomplete="cc-csc" required placeholder="123" maxlength="4"></div>
</div>
<label for="${prefix}-name">Name on card</label>
<input id="${prefix}-name" name="card_name" autocomplete="cc-name">`;

/** The hosted payment page: one plain form per method, usable without JavaScript. */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const action = `/test-gateway/checkout/${esc(input.orderId)}/pay`;
  const hidden = (method: string) =>
    `<input type="hidden" name="method" value="${method}"><input type="hidden" name="return_url" value="${esc(input.returnUrl)}">`;
  const header = `<header class="merchant">
<h1>${esc(MERCHANT_NAME)}</h1>
<p class="amount">${esc(formatPaise(input.amountPaise))}</p>
<p class="order">Order <code>${esc(input.orderId)}</code></p>
</header>`;
  if (input.paid) {
    return page(`${MERCHANT_NAME} · payment`, `${header}<p class="notice">This order has been paid already.</p>`);
  }
  const error = input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : '';
  const cards = TEST_CARDS.map((c) => `<li><code>${esc(c.number)}</code> ${esc(c.outcome)}</li>`).join('');
  const banks = TEST_BANKS.map(
    (b) => `<li><span>${esc(b.name)}</span>
<button name="choice" value="${b.code}:success">Success</button>
<button name="choice" value="${b.code}:failure" class="secondary">Failure</button></li>`,
  ).join('\n');
  const tenures = EMI_TENURES.map((m) => `<option value="${m}">${m} months</option>`).join('');
  const body = `${header}
${error}
<nav class="tabs" aria-label="Payment methods">
<a href="#card">Card</a><a href="#upi">UPI</a><a href="#netbanking">Net banking</a><a href="#emi">EMI</a>
</nav>
<section id="card"><h2>Card</h2>
<form method="post" action="${action}">${hidden('card')}${cardFields('card')}
<button type="submit">Pay ${esc(formatPaise(input.amountPaise))}</button>
</form>
<details><summary>Test cards</summary><ul>${cards}</ul><p>Any future expiry and any 3-digit CVV.</p></details>
</section>
<section id="upi"><h2>UPI</h2>
<form method="post" action="${action}">${hidden('upi')}
<label for="upi-vpa">UPI id</label>
<input id="upi-vpa" name="vpa" required placeholder="success@razorpay">
<button type="submit">Pay ${esc(formatPaise(input.amountPaise))}</button>
</form>
<p class="hint">Use <code>success@razorpay</code> or <code>failure@razorpay</code>.</p>
</section>
<section id="netbanking"><h2>Net banking</h2>
<form method="post" action="${action}">${hidden('netbanking')}
<ul class="banks">
${banks}
</ul>
</form>
</section>
<section id="emi"><h2>EMI</h2>
<form method="post" action="${action}">${hidden('emi')}${cardFields('emi')}
<label for="emi-tenure">Tenure</label>
<select id="emi-tenure" name="emi_tenure">${tenures}</select>
<button type="submit">Pay ${esc(formatPaise(input.amountPaise))} in EMIs</button>
</form>
</section>`;
  return page(`Pay ${MERCHANT_NAME}`, body);
}

export function renderErrorPage(message: string): string {
  return page(
    'Payment',
    `<header class="merchant"><h1>${esc(MERCHANT_NAME)}</h1></header><p class="error" role="alert">${esc(message)}</p>`,
  );
}

export const CHECKOUT_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f4f9;color:#1b2433}
.gateway{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;margin:0 0 1rem;padding:.2rem .6rem;border-radius:1rem;background:#fff4d6;color:#7a5200;font-size:.8rem}
.merchant h1{margin:0;font-size:1.3rem}
.amount{margin:.25rem 0;font-size:1.8rem;font-weight:700}
.order{margin:0 0 1rem;color:#5b6576;font-size:.85rem}
.tabs{display:flex;gap:.5rem;flex-wrap:wrap;margin:1rem 0;border-bottom:1px solid #dde3ec;padding-bottom:.5rem}
.tabs a{padding:.35rem .75rem;border-radius:.4rem;color:#1d4ed8;text-decoration:none;background:#eef3ff}
section{padding:1rem 0;border-bottom:1px solid #eef1f5}
h2{font-size:1.05rem;margin:0 0 .75rem}
label{display:block;margin:.6rem 0 .2rem;font-size:.85rem;color:#3a4456}
input,select{width:100%;padding:.55rem .6rem;border:1px solid #c7cfdb;border-radius:.4rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:.9rem;padding:.6rem 1rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#b42318}
.banks{list-style:none;padding:0;margin:0}
.banks li{display:flex;align-items:center;gap:.5rem;padding:.4rem 0}
.banks li span{flex:1}.banks button{margin-top:0;padding:.35rem .7rem}
.error{padding:.6rem .8rem;border-radius:.4rem;background:#fdecea;color:#8a1c12}
.notice{padding:.6rem .8rem;border-radius:.4rem;background:#e7f6ec;color:#14532d}
.hint,details{font-size:.85rem;color:#5b6576;margin-top:.6rem}
code{font-family:ui-monospace,monospace}
`;
