import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SignUpRequest } from '@shared/contract/auth';
import { formatUsd } from '@shared/contract/money-format';
import SignupScreen from '@/screens/signup/signup-screen';
import { AUTH_URLS, authHandlers, TAKEN_EMAIL } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import {
  clearSavedQuote,
  quotedCalculation,
  savedVisitorOrder,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
  VISITOR_QUOTE_KEY,
} from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The sign-up screen: the auth machine's sign-up, with the identity API mocked. Issue 16: it also
 * asks a phone and the practice's street address (once: the contact and the location are made
 * from them), and the terms of use are accepted by ticking a box. A visitor with a quote saved as
 * an order (Buy now) is on the purchase's fourth step: the progress indicator and the cover
 * summary show, the quote's ZIP is not asked again, and the new account goes straight on to review
 * and pay. Every story starts without a saved quote (sessionStorage 'ssp-quote') and those about
 * one set it.
 */
const meta = {
  title: 'Screens/Sign up',
  component: SignupScreen,
  parameters: { route: '/signup', msw: { handlers: authHandlers() } } satisfies RouterParameters & { msw: unknown },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const TERMS = /^I accept the terms of use/;

async function screen(canvasElement: HTMLElement, button = 'Create account') {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Create your account' });
  await waitFor(() => expect(canvas.getByRole('button', { name: button })).not.toHaveAttribute('aria-disabled'));
  return canvas;
}

async function fillIn(canvas: Canvas, email: string, { zipcode = '77002' as string | null, acceptTerms = true } = {}) {
  await userEvent.type(canvas.getByLabelText('E-mail address'), email);
  await userEvent.type(canvas.getByLabelText('Password'), 'correct horse battery 9');
  await userEvent.type(canvas.getByLabelText('First name'), 'Grace');
  await userEvent.type(canvas.getByLabelText('Last name'), 'Hopper');
  await userEvent.type(canvas.getByLabelText(/Company name/), 'Hopper Compilers');
  await userEvent.type(canvas.getByLabelText('Phone'), '(713) 555-0199');
  await userEvent.type(canvas.getByLabelText(/^Street address/), '1200 Main St');
  await userEvent.type(canvas.getByLabelText(/Suite, floor or unit/), 'Suite 400');
  if (zipcode !== null) await userEvent.type(canvas.getByLabelText(/^ZIP code/), zipcode);
  await userEvent.click(canvas.getByLabelText(/My business/));
  if (acceptTerms) await userEvent.click(canvas.getByRole('checkbox', { name: TERMS }));
}

/** The identity API, with every sign-up's body kept for the story to check. */
function recordedSignUps() {
  const sent: SignUpRequest[] = [];
  return {
    sent,
    handlers: [
      http.post(AUTH_URLS.signUp, async ({ request }) => {
        sent.push((await request.clone().json()) as SignUpRequest);
        // Answered by authHandlers below.
        return undefined;
      }),
      ...authHandlers(),
    ],
    reset: () => {
      sent.length = 0;
    },
  };
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    // The strength rule is explained before anything is submitted, and read with the field.
    const password = canvas.getByLabelText('Password');
    await expect(password).toHaveAccessibleDescription(
      /At least 10 characters.*At least one letter.*At least one digit or symbol/,
    );
    await expect(canvas.getByLabelText(/Company name/)).not.toBeRequired();
    // A fieldset with a legend: a group, not a radiogroup role.
    await expect(canvas.getByRole('group', { name: 'Who is the cover for?' })).toBeVisible();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(canvas.getByLabelText('E-mail address')).toHaveAttribute('aria-required', 'true');
    await expect(canvas.getByLabelText(/Company name/)).not.toHaveAttribute('aria-required');
    await expect(canvas.getByLabelText(/Me, as an individual/)).not.toBeChecked();
    // A phone; the practice's address with its ZIP may wait until the first purchase (no quote is being bought).
    const phone = canvas.getByLabelText('Phone');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAccessibleDescription('For your policy and any claim: we call only about your cover.');
    const address = within(
      canvas.getByRole('group', { name: 'Your practice’s address (optional: add it now, or when you buy)' }),
    );
    await expect(address.getByLabelText(/^Street address/)).toHaveAttribute('autocomplete', 'address-line1');
    await expect(address.getByLabelText(/^Street address/)).not.toHaveAttribute('aria-required');
    await expect(address.getByLabelText(/Suite, floor or unit/)).not.toHaveAttribute('aria-required');
    await expect(address.getByLabelText(/^ZIP code/)).toHaveAttribute('autocomplete', 'postal-code');
    // The terms, with links to read them, unticked.
    const terms = canvas.getByRole('checkbox', { name: TERMS });
    await expect(terms).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
    await expect(canvas.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    // Not part of a purchase: no progress indicator, no summary.
    await expect(canvas.queryByRole('navigation', { name: 'Your purchase' })).toBeNull();
    await expect(canvas.queryByRole('complementary', { name: 'Your cover' })).toBeNull();
    const signup = within(canvasElement.querySelector<HTMLElement>('[data-screen="signup"]')!);
    await expect(signup.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull();
  },
};

export const WeakPassword: Story = {
  name: 'Weak password explained',
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, 'abcdefghijkl');
    // The checklist ticks what is met as the user types…
    const rules = canvasElement.querySelectorAll('.password-rules li');
    await expect(rules[0]).toHaveClass('password-rules__met');
    await expect(rules[1]).toHaveClass('password-rules__met');
    await expect(rules[2]).not.toHaveClass('password-rules__met');
    // …and on leaving the field, says what is missing.
    await userEvent.tab();
    await expect(await canvas.findByText('Password must contain a digit or a symbol')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    // A submit shows every message and puts focus on the first field in error.
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('E-mail address is required')).toBeVisible();
    await expect(canvas.getByText('First name is required')).toBeVisible();
    await expect(canvas.getByText('Who the cover is for must be individual or business')).toBeVisible();
    // Each radio carries the error, so it is read wherever the user lands in the group.
    for (const radio of canvas.getAllByRole('radio')) {
      await expect(radio).toHaveAttribute('aria-invalid', 'true');
      await expect(radio).toHaveAccessibleDescription('Who the cover is for must be individual or business');
    }
    await expect(canvas.queryByText(/Company name .*required/)).toBeNull();
    await expect(canvas.getByLabelText('E-mail address')).toHaveFocus();
  },
};

export const DetailsRequired: Story = {
  name: 'Phone and the terms required; a street address needs its ZIP',
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await userEvent.type(canvas.getByLabelText('Phone'), 'call me');
    await userEvent.type(canvas.getByLabelText(/^Street address/), '1200 Main St');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    const phone = canvas.getByLabelText('Phone');
    await expect(await canvas.findByText('Phone must be a phone number, e.g. (713) 555-0199')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText(/^Street address/)).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByLabelText(/Suite, floor or unit/)).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByLabelText(/^ZIP code/)).toHaveAccessibleDescription('ZIP code must be a 5-digit ZIP code');
    // The box is not ticked for the visitor: only a clear act accepts the terms.
    const terms = canvas.getByRole('checkbox', { name: TERMS });
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription('The terms of use must be accepted to create an account');
    await userEvent.click(terms);
    await expect(terms).toBeChecked();
    await expect(terms).not.toHaveAttribute('aria-invalid');
  },
};

export const EmailTaken: Story = {
  name: 'E-mail taken',
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, TAKEN_EMAIL);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('An account with this e-mail address already exists.');
    await expect(within(alert).getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    // The e-mail field says so too, and has the focus.
    const email = canvas.getByLabelText('E-mail address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('E-mail address already has an account');
    await waitFor(() => expect(email).toHaveFocus());
    // Changing the address clears the server's message for it.
    await userEvent.type(email, 'x');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

const plainSignUps = recordedSignUps();

export const Success: Story = {
  parameters: { msw: { handlers: plainSignUps.handlers } },
  beforeEach: plainSignUps.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, 'grace.hopper@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('/signupconfirmation')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Grace');
    // The phone and the address go with the account (its first contact and location), the terms accepted.
    await expect(plainSignUps.sent).toHaveLength(1);
    await expect(plainSignUps.sent[0]).toMatchObject({
      email: 'grace.hopper@example.com',
      contactnumber: '(713) 555-0199',
      address1: '1200 Main St',
      address2: 'Suite 400',
      zipcode: '77002',
      acceptTerms: true,
    });
    // No order to hand over.
    await expect(plainSignUps.sent[0]?.submissionRequest ?? null).toBeNull();
  },
};

export const BrandedSuccess: Story = {
  name: 'Success (branded)',
  parameters: { route: '/client/signup/harbor-risk', msw: { handlers: [...brokerHandlers(), ...authHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, 'grace.hopper@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('/client/signupconfirmation/harbor-risk')).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// With a quote saved as an order (the purchase's fourth step)

const purchaseSignUps = recordedSignUps();

export const WithSavedQuote: Story = {
  name: 'With a saved quote: progress, summary, no ZIP asked, on to review and pay',
  parameters: { msw: { handlers: purchaseSignUps.handlers } },
  beforeEach: [savedVisitorOrder, purchaseSignUps.reset],
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement, 'Create account and continue');
    const progress = within(canvas.getByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Account');
    await expect(progress.getAllByText('(done)')).toHaveLength(3);
    await expect(canvasElement.querySelector('[data-saved-order]')).toHaveTextContent(
      `Your quote is saved as order ${SUBMISSION_NUMBER}. Create your account and go straight on to review and pay.`,
    );
    // The summary of the cover chosen on the price screen.
    const summary = within(canvas.getByRole('complementary', { name: 'Your cover' }));
    await expect(summary.getByText('Cover', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Architects professional liability',
    );
    await expect(summary.getByText('Limit', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$1M / $1M');
    await expect(summary.getByText(formatUsd(quotedCalculation.totalCents))).toHaveClass('cover-summary__amount');
    // The phone and the street address are asked; the quote's ZIP is not asked again.
    await expect(canvas.getByLabelText('Phone')).toBeVisible();
    await expect(canvas.getByLabelText(/^Street address/)).toBeVisible();
    await expect(canvas.getByLabelText(/Suite, floor or unit/)).toBeVisible();
    await expect(canvas.queryByLabelText(/^ZIP code/)).toBeNull();
    await expect(canvasElement.querySelector('[data-quoted-place]')).toHaveTextContent(
      'City and state follow from your quote’s ZIP code, 77002.',
    );
    await expect(canvas.getByRole('checkbox', { name: TERMS })).not.toBeChecked();

    await fillIn(canvas, 'grace.hopper@example.com', { zipcode: null });
    await userEvent.click(canvas.getByRole('button', { name: 'Create account and continue' }));
    // Straight on to review and pay the order, which the new account now holds.
    await expect(await canvas.findByText(`/payment?submissionid=${SUBMISSION_ID}`)).toBeVisible();
    await expect(purchaseSignUps.sent[0]).toMatchObject({
      zipcode: '77002',
      address1: '1200 Main St',
      contactnumber: '(713) 555-0199',
      acceptTerms: true,
      submissionRequest: { submissionId: SUBMISSION_ID, quoteKey: VISITOR_QUOTE_KEY },
    });
  },
};

export const WithSavedQuoteBranded: Story = {
  name: 'With a saved quote (branded): on to the broker’s review and pay',
  parameters: { route: '/client/signup/harbor-risk', msw: { handlers: [...brokerHandlers(), ...authHandlers()] } },
  beforeEach: savedVisitorOrder,
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement, 'Create account and continue');
    await fillIn(canvas, 'grace.hopper@example.com', { zipcode: null });
    await userEvent.click(canvas.getByRole('button', { name: 'Create account and continue' }));
    await expect(await canvas.findByText(`/client/payment/harbor-risk?submissionid=${SUBMISSION_ID}`)).toBeVisible();
  },
};
