/**
 * The sandbox checkout's test cards (Stripe's numbers, so the same cards work in both):
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds. Any other number must pass the Luhn check and is then refused as not a
 * test card. Expiry must be this month or later; the CVC three or four digits.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export type CardForm = { name: string; number: string; expiry: string; cvc: string };

/**
 * Every problem a card form can have, by a short code: the page after a refused form is a GET
 * (post/redirect/get) that names its problems by these codes, so an address can only ever make
 * the page say one of these sentences.
 */
export const CARD_PROBLEMS = {
  'name-missing': 'Enter the name on the card',
  'number-digits': 'Enter the card number (digits only)',
  'number-invalid': 'This card number is not valid: check it and try again',
  'expiry-format': 'Enter the expiry date as MM/YY',
  'expiry-month': 'The expiry month must be 01 to 12',
  'expiry-past': 'This card has expired',
  'cvc-format': 'Enter the 3 or 4 digit security code',
} as const;
export type CardProblem = keyof typeof CARD_PROBLEMS;

export type CardOutcome =
  | { kind: 'invalid'; fields: Partial<Record<keyof CardForm, string>> }
  | { kind: 'declined'; code: string; message: string }
  | { kind: 'paid'; last4: string };

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * "MM/YY", "MM / YYYY" or "MMYY" (what a card's face shows, typed without the slash when the
 * page's script did not add it), not before `now`'s month.
 */
function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(expiry);
  if (!match) return CARD_PROBLEMS['expiry-format'];
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return CARD_PROBLEMS['expiry-month'];
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return CARD_PROBLEMS['expiry-past'];
  return undefined;
}

export function judgeCard(form: CardForm, now: Date): CardOutcome {
  const digits = form.number.replace(/[\s-]/g, '');
  const fields: Partial<Record<keyof CardForm, string>> = {};
  if (!form.name.trim()) fields.name = CARD_PROBLEMS['name-missing'];
  if (!/^\d+$/.test(digits)) fields.number = CARD_PROBLEMS['number-digits'];
  else if (!luhnValid(digits)) fields.number = CARD_PROBLEMS['number-invalid'];
  const expiry = expiryProblem(form.expiry, now);
  if (expiry) fields.expiry = expiry;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) fields.cvc = CARD_PROBLEMS['cvc-format'];
  if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  if (digits === TEST_CARDS.success) return { kind: 'paid', last4: digits.slice(-4) };
  if (digits === TEST_CARDS.insufficientFunds)
    return { kind: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  if (digits === TEST_CARDS.declined)
    return { kind: 'declined', code: 'generic_decline', message: 'Your card was declined.' };
  return {
    kind: 'declined',
    code: 'not_a_test_card',
    message: 'This is a sandbox checkout: only test cards are accepted, and this card is not one.',
  };
}

/** The codes of a refused form's problems, for the address of the page that shows them. */
export function problemCodes(fields: Partial<Record<keyof CardForm, string>>): CardProblem[] {
  const messages = Object.values(fields);
  return (Object.keys(CARD_PROBLEMS) as CardProblem[]).filter((code) => messages.includes(CARD_PROBLEMS[code]));
}

/** The field each problem is about, with its sentence; unknown codes are ignored. */
export function problemFields(codes: readonly string[]): Partial<Record<keyof CardForm, string>> {
  const fields: Partial<Record<keyof CardForm, string>> = {};
  for (const code of codes) {
    if (!Object.hasOwn(CARD_PROBLEMS, code)) continue;
    const field = code.slice(0, code.indexOf('-')) as keyof CardForm;
    fields[field] ??= CARD_PROBLEMS[code as CardProblem];
  }
  return fields;
}
