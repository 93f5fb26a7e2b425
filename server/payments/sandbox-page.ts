/**
 * The sandbox checkout page: a plain, accessible HTML form, standing in for a provider's hosted
 * checkout. It says plainly that it is a sandbox and which test cards to use, and carries the
 * broker's branding when the checkout began in a storefront. One small inline script formats the
 * card number and expiry as they are typed; without it the form works the same (the server takes
 * "1230" as well as "12/30"). Every value shown is escaped.
 */
import { createHash } from 'node:crypto';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { DEMO_TRUST_NOTICE, insurerWords, licenceWords } from '@shared/contract/trust-words';
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

/** The storefront's broker, as its branded pages show it. */
export type CheckoutBrand = {
  name: string;
  abbreviation: string;
  /** data:image/…;base64,… */
  logoDataUrl: string | null;
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
.broker{display:flex;align-items:center;gap:.75rem;margin:1rem 0 0}
.broker img{max-width:7.5rem;max-height:3.75rem;object-fit:contain}
.broker__initials{display:inline-grid;place-items:center;min-width:3rem;height:3rem;padding:0 .5rem;border-radius:8px;background:#0b4f6c;color:#fff;font-weight:700}
.broker p{margin:0}
.insurer{margin:1.25rem 0 0;font-size:.8rem;color:#4b5563}
`;

/**
 * Groups the card number in fours and puts the slash in the expiry as they are typed ("1230" →
 * "12/30"), keeping the caret after the same digit. Allowed by its hash in the page's
 * Content-Security-Policy, never by 'unsafe-inline'.
 */
const SCRIPT = `(function(){
function caretAfter(value,count){if(count===0)return 0;var seen=0;for(var i=0;i<value.length;i++){if(/\\d/.test(value.charAt(i))&&++seen===count)return i+1;}return value.length;}
function live(id,format){var input=document.getElementById(id);if(!input)return;
input.addEventListener('input',function(){var value=input.value;var at=input.selectionStart===null?value.length:input.selectionStart;
var count=value.slice(0,at).replace(/\\D/g,'').length;var next=format(value);if(next===value)return;input.value=next;
if(document.activeElement===input){var caret=caretAfter(next,count);input.setSelectionRange(caret,caret);}});}
live('number',function(value){return value.replace(/\\D/g,'').slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ');});
live('expiry',function(value){var d=value.replace(/\\D/g,'');if(/^\\d\\s*\\//.test(value))d='0'+d;else if(/^[2-9]$/.test(d))d='0'+d;
d=d.slice(0,4);return d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});
})();`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
export const SANDBOX_SCRIPT_HASH = hash(SCRIPT);

/**
 * The page's own policy: its one script by hash; the form may post here and be sent on to where
 * the checkout returns (another origin when the app is served elsewhere).
 */
export function sandboxPageCsp(returnAddresses: readonly string[]): string {
  const origins = new Set<string>();
  for (const address of returnAddresses) {
    try {
      origins.add(new URL(address).origin);
    } catch {
      // Not absolute: relative to this page, which 'self' covers.
    }
  }
  return [
    "default-src 'none'",
    "img-src 'self' data:",
    "style-src 'unsafe-inline'",
    `script-src ${SANDBOX_SCRIPT_HASH}`,
    `form-action 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function brandBlock(brand: CheckoutBrand | undefined): string {
  if (!brand) return '';
  const mark = brand.logoDataUrl
    ? `<img src="${escape(brand.logoDataUrl)}" alt="${escape(brand.name)} logo">`
    : `<span class="broker__initials" aria-hidden="true">${escape(brand.abbreviation)}</span>`;
  return `<div class="broker" data-broker-brand>${mark}<p><strong>${escape(brand.name)}</strong> (${escape(brand.abbreviation)})<br><span class="muted">Your broker, with Practice Shield</span></p></div>`;
}

function field(id: keyof CardForm, label: string, attributes: string, state: PageState, value = '') {
  const error = state.fields?.[id];
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div><label for="${id}">${label}</label>
<input id="${id}" name="${id}" ${attributes}${described} value="${escape(value)}">
${error ? `<p class="error" id="${id}-error">${escape(error)}</p>` : ''}</div>`;
}

/** Who carries the risk being paid for, and who sells it: as on the site's footer and every policy document. */
function insurerBlock(trust: Trust): string {
  const demo = trust.demo ? ` ${escape(DEMO_TRUST_NOTICE)}` : '';
  return `<p class="insurer" data-insurer>${escape(insurerWords(trust))}${demo}<br>${escape(licenceWords(trust))}</p>`;
}

export function sandboxCheckoutPage(
  session: SandboxSessionRow,
  action: string,
  state: PageState,
  brand: CheckoutBrand | undefined,
  /** The insurer and the producer's licences (Config.trust). */
  trust: Trust,
): string {
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
${field('number', 'Card number', 'autocomplete="cc-number" inputmode="numeric" maxlength="23" required', state)}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY" maxlength="7" required', state, state.expiry)}
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
<title>${state.declined || errors.length ? 'Payment not taken — ' : ''}Sandbox checkout — ${brand ? `${escape(brand.name)} — ` : ''}Practice Shield</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main data-screen="sandbox-checkout">
<div class="card">
<p class="banner">Sandbox checkout: no real card is charged. This page stands in for the payment provider’s.</p>
${brandBlock(brand)}
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
${insurerBlock(trust)}
</div>
</main>
${state.closed ? '' : `<script>${SCRIPT}</script>`}
</body>
</html>
`;
}
