import type { Locator, Page } from 'playwright-core';

/** A step of the purchase, once its screen is ready to be looked at. */
export type PurchaseStep = 'landing' | 'practice' | 'price' | 'account' | 'review' | 'checkout' | 'confirmation';

export interface PurchaseWalk {
  /** Every value typed, in order: the purchase asks each fact once. */
  typed: string[];
  /** The year's total the price screen showed, in cents. */
  totalCents: number;
  email: string;
}

/**
 * A new visitor's purchase as a person makes it (issue 16), shared by the browser test, which
 * looks at every step, and `npm run bench`, which counts it: landing → the practice (ZIP and
 * questions) → the price → an account → review, sign and pay → the hosted checkout → the receipt.
 * `look` runs once each step's screen is ready.
 */
export async function walkPurchase(
  page: Page,
  options: { url: string; email: string; look?: (step: PurchaseStep) => Promise<void> },
): Promise<PurchaseWalk> {
  const typed: string[] = [];
  const look = options.look ?? (async () => {});
  const screen = (name: string) => page.locator(`[data-screen="${name}"]`);
  async function type(field: Locator, value: string) {
    typed.push(value);
    await field.fill(value);
  }

  await page.goto(options.url);
  const landing = screen('landing').getByRole('link', { name: 'Architects', exact: true });
  await landing.waitFor();
  await look('landing');
  await landing.click();

  const practice = screen('questionlist');
  await answerPractice(page, type);
  await look('practice');
  await practice.getByRole('button', { name: 'See my price' }).click();

  const price = screen('quotes');
  await price.locator('.worksheet').waitFor();
  await look('price');
  const totalCents = Number(await price.locator('[data-quote-total]').getAttribute('data-quote-total'));
  await price.getByRole('button', { name: 'Buy now' }).click();

  const signup = screen('signup');
  await signup.getByLabel('E-mail address').waitFor();
  await type(signup.getByLabel('E-mail address'), options.email);
  await type(signup.getByLabel('Password', { exact: true }), 'Blueprint-Arch-2026');
  await type(signup.getByLabel('First name'), 'Frank');
  await type(signup.getByLabel('Last name'), 'Lloyd');
  await type(signup.getByLabel('Company name'), 'Prairie Studio Architects');
  await signup.getByLabel(/My business/).check();
  await type(signup.getByLabel('Phone'), '713 555 0199');
  await type(signup.getByLabel('Street address'), '909 Texas Ave');
  await type(signup.getByLabel('Suite, floor or unit'), 'Suite 1200');
  await signup.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await look('account');
  await signup.getByRole('button', { name: 'Create account and continue' }).click();

  const review = screen('payment');
  await review.getByRole('heading', { level: 1, name: 'Review and pay' }).waitFor();
  await review.getByLabel('I agree to use electronic records and signatures').check();
  await review.getByLabel('I declare the statements in this application are true').check();
  await look('review');
  await review.getByRole('button', { name: 'Sign application' }).click();
  await review
    .getByText(/^Signed by Frank Lloyd on /)
    .first()
    .waitFor();
  await review.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d securely$/ }).click();

  await page.waitForURL((u) => u.pathname.startsWith('/api/weborder/payments/sandbox/checkout/'));
  const checkout = screen('sandbox-checkout');
  await checkout.getByLabel('Card number').waitFor();
  // The cardholder's name is the card's, asked by the provider: the only name typed as one string.
  await type(checkout.getByLabel('Name on card'), 'Frank Lloyd');
  await type(checkout.getByLabel('Card number'), '4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  typed.push('1234');
  await type(checkout.getByLabel('Security code'), '123');
  await look('checkout');
  await checkout.getByRole('button', { name: /^Pay / }).click();

  const confirm = screen('paymentconfirm');
  await confirm
    .getByRole('heading', { level: 1, name: /^Payment received — policy P-\d{4}-\d{6,} is issued$/ })
    .waitFor();
  await confirm
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: 'Download policy', exact: true })
    .waitFor();
  await look('confirmation');
  return { typed, totalCents, email: options.email };
}

/**
 * The practice as a careful architect in Houston describes it: the ZIP, every yes/no "No" (the
 * first choice otherwise), and three figures. Leaves the questions screen ready for "See my price".
 */
export async function answerPractice(
  page: Page,
  type = (field: Locator, value: string) => field.fill(value),
): Promise<void> {
  const practice = page.locator('[data-screen="questionlist"]');
  await type(practice.getByLabel('ZIP code'), '77002');
  await practice.getByRole('button', { name: 'Continue' }).click();
  await practice.getByRole('button', { name: 'See my price' }).waitFor();
  for (const group of await practice.locator('fieldset.choices').all()) {
    const no = group.getByRole('radio', { name: 'No', exact: true });
    if (await no.count()) await no.check();
    else await group.getByRole('radio').first().check();
  }
  await type(practice.getByLabel('How many years have you been in practice?'), '12');
  await type(practice.getByLabel('What was your gross revenue over the last 12 months (USD)?'), '850000');
  await type(practice.getByLabel('How many professionals, you included, work in the firm?'), '4');
}

/**
 * Kept in the page from its first script on (context.addInitScript): every screen root that
 * appears, in order, across page loads — sessionStorage outlives the trip to the checkout, which
 * is on the same origin. Read back with `screensSeen`.
 */
export function recordScreens() {
  const key = 'e2e-screens';
  const note = () => {
    const name = document.querySelector('[data-screen]')?.getAttribute('data-screen');
    if (!name) return;
    const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    if (list.at(-1) !== name) sessionStorage.setItem(key, JSON.stringify([...list, name]));
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', note);
}

export function screensSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-screens') ?? '[]') as string[]);
}
