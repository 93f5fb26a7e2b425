/**
 * The sandbox checkout page: a plain, accessible HTML form (no script), standing in for a
 * provider's hosted checkout. It says plainly that it is a sandbox and which test cards to use.
 * Every value shown is escaped.
 */
import { formatUsd } from '@/api/contract/money-format';
import type { CardForm } from '@server/payments/sandbox-cards';
import type { SandboxSessionRow } from '@server/payments/sandbox-provider';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

export type PageState = {
  /** Field errors after a bad entry, the provider's words after a decline, or a closed session. */
  fields?: Partial<Record<keyof CardForm, string>>;
  declined?: string;
  closed?: string;
  /** What was typed (never the card number or CVC, which are not sent back). */
  name?: string;
  expiry?: string;
};

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f6;color:#111827;line-height:1.5}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #cfd5df;border-radius:12px;padding:1.5rem}
.banner{background:#fff7d6;border:1px solid #8a6d00;color:#3d3000;border-radius:8px;padding:.5rem .75rem;font-size:.95rem}
h1{font-size:1.4rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}
.muted{color:#4b5563}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:6px;margin-top:.25rem}
input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.row{display:flex;gap:1rem}.row>div{flex:1}
.error{color:#b91c1c;font-weight:600;margin:.25rem 0 0}
.alert{background:#fdecec;border:1px solid #b91c1c;color:#7f1d1d;border-radius:8px;padding:.75rem;margin-top:1rem}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:700;padding:.8rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#1d4ed8}
details{margin-top:1.25rem}
code{font-size:.95rem}
`;

function field(id: keyof CardForm, label: string, attributes: string, state: PageState, value = '') {
  const error = state.fields?.[id];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div><label for="${id}">${label}</label>
<input id="${id}" name="${id}" ${attributes}${described} value="${escape(value)}">
${error ? `<p class="error" id="${id}-error">${escape(error)}</p>` : ''}</div>`;
}

export function sandboxCheckoutPage(session: SandboxSessionRow, action: string, state: PageState = {}): string {
  const amount = formatUsd(session.amountCents);
  const errors = state.fields ? Object.values(state.fields) : [];
  const problem = state.declined
    ? `<div class="alert" role="alert"><strong>Payment declined.</strong> ${escape(state.declined)} No money was taken: check the card or use another.</div>`
    : errors.length > 0
      ? `<div class="alert" role="alert"><strong>Check the card details:</strong> ${errors.map(escape).join(' ')}</div>`
      : '';
  const form = state.closed
    ? `<div class="alert" role="alert">${escape(state.closed)}</div>`
    : `<form method="post" action="${escape(action)}" novalidate>
${field('name', 'Name on card', 'autocomplete="cc-name" required', state, state.name)}
${field('number', 'Card number', 'autocomplete="cc-number" inputmode="numeric" required', state)}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY" required', state, state.expiry)}
${field('cvc', 'Security code', 'autocomplete="cc-csc" inputmode="numeric" required', state)}
</div>
<button type="submit">Pay ${amount}</button>
</form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${state.declined || errors.length ? 'Payment not taken — ' : ''}Sandbox checkout — Practice Shield</title>
<style>${STYLE}</style>
</head>
<body>
<main data-screen="sandbox-checkout">
<div class="card">
<p class="banner">Sandbox checkout: no real card is charged. This page stands in for the payment provider’s.</p>
<h1>Pay Practice Shield</h1>
<p class="muted">${escape(session.description)}</p>
<p class="amount">${amount}</p>
${problem}
${form}
<details>
<summary>Test cards</summary>
<ul>
<li><code>4242 4242 4242 4242</code>: the payment succeeds</li>
<li><code>4000 0000 0000 0002</code>: the card is declined</li>
<li><code>4000 0000 0000 9995</code>: insufficient funds</li>
</ul>
<p>Any future expiry date and any three-digit security code.</p>
</details>
<p><a href="${escape(session.cancelUrl)}">Cancel and return to Practice Shield</a></p>
</div>
</main>
</body>
</html>
`;
}
