import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SignInRequest } from '@shared/contract/auth';
import LoginScreen from '@/screens/login/login-screen';
import { ADA_PASSWORD, ada, adaStored, AUTH_URLS, authHandlers, pendingSignInHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { clearSavedQuote, savedVisitorOrder, SUBMISSION_ID, VISITOR_QUOTE_KEY } from './support/quote-fixtures';

/**
 * The login screen in each state of the auth machine's sign-in (src/machines/auth.machine.ts),
 * with the identity API mocked in `parameters.msw.handlers`. Signed in, the insured goes back
 * where a guard sent them from, else on to buying a quote saved before signing in (review and
 * pay), else to the dashboard (issue 16). Every story starts without a saved quote
 * (sessionStorage 'ssp-quote').
 */
const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  parameters: { route: '/login', msw: { handlers: authHandlers() } },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function screen(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Log in' });
  // Ready once the stored session (none) has been looked at.
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled'));
  return canvas;
}

async function fillIn(canvas: Canvas, email: string, password: string) {
  await userEvent.type(canvas.getByLabelText('E-mail address'), email);
  await userEvent.type(canvas.getByLabelText('Password'), password);
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await expect(canvas.getByLabelText('E-mail address')).toHaveValue('');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByLabelText('Remember me')).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    // No message before the user has done anything; no Google button without a client id.
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull();
    await expect(canvas.queryByText('or')).toBeNull();
    // Not part of a purchase: no progress indicator.
    await expect(canvas.queryByRole('navigation', { name: 'Your purchase' })).toBeNull();
  },
};

export const FieldErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    const email = canvas.getByLabelText('E-mail address');
    // A message on leaving a field…
    await userEvent.type(email, 'ada@');
    await userEvent.tab();
    await expect(await canvas.findByText('E-mail address must be an e-mail address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('E-mail address must be an e-mail address');
    // …and on a submit, with focus on the first field in error.
    await userEvent.clear(email);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByText('E-mail address is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
  },
};

export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, ada.email, 'not my password');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not sign you in');
    await expect(alert).toHaveTextContent('That e-mail address and password do not match an account.');
    await expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    // Focus goes to the message, and the user can correct the form at once.
    await waitFor(() => expect(alert).toHaveFocus());
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled');
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: pendingSignInHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, ada.email, ADA_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    const button = await canvas.findByRole('button', { name: 'Signing in…' });
    // Not disabled: focus stays on the button rather than falling to the page.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
    await expect(canvas.getByLabelText('E-mail address')).toHaveAttribute('readonly');
    // A second press is ignored: still one request, still pending.
    await userEvent.click(button);
    await expect(canvas.getByRole('button', { name: 'Signing in…' })).toHaveFocus();
    await expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true');
  },
};

export const SuccessRedirect: Story = {
  parameters: { route: '/login?redirect=%2Fsignupconfirmation' },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, ada.email, ADA_PASSWORD);
    await userEvent.click(canvas.getByLabelText('Remember me'));
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    // Back where the guard sent the user from; the header now greets her.
    await expect(await canvas.findByText('/signupconfirmation')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Ada');
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

export const SuccessToDashboard: Story = {
  name: 'Success (no redirect, branded): the dashboard',
  parameters: {
    route: '/client/login/harbor-risk?redirect=https%3A%2F%2Fevil.example%2F',
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/client/signup/harbor-risk',
    );
    await fillIn(canvas, ada.email, ADA_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    // A redirect off the site is ignored: the account's home in the broker's storefront instead
    // (issue 16: the dashboard, no longer the landing page).
    await expect(await canvas.findByText('/client/dashboard/harbor-risk')).toBeVisible();
  },
};

const signIns: SignInRequest[] = [];

export const WithSavedQuote: Story = {
  name: 'With a saved quote: the purchase’s account step, then on to review and pay',
  parameters: {
    msw: {
      handlers: [
        http.post(AUTH_URLS.signIn, async ({ request }) => {
          signIns.push((await request.clone().json()) as SignInRequest);
          // Answered by authHandlers below.
          return undefined;
        }),
        ...authHandlers(),
      ],
    },
  },
  beforeEach: [
    savedVisitorOrder,
    () => {
      signIns.length = 0;
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    const progress = within(canvas.getByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Account');
    await fillIn(canvas, ada.email, ADA_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    // The saved order becomes Ada's, and she goes straight on to buying it.
    await expect(await canvas.findByText(`/payment?submissionid=${SUBMISSION_ID}`)).toBeVisible();
    await expect(signIns[0]?.submissionRequest).toEqual({ submissionId: SUBMISSION_ID, quoteKey: VISITOR_QUOTE_KEY });
  },
};

export const AlreadySignedIn: Story = {
  parameters: { session: adaStored },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByText(/You are signed in as/);
    await expect(notice).toHaveTextContent('You are signed in as Ada Lovelace (ada@example.com).');
    await expect(canvas.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
    await expect(canvas.queryByLabelText('Password')).toBeNull();
  },
};

export const AlreadySignedInWithQuery: Story = {
  name: 'Already signed in: Continue keeps the query string',
  parameters: { session: adaStored, route: `/login?redirect=${encodeURIComponent('/quotes?s=ABC')}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cont = await canvas.findByRole('link', { name: 'Continue' });
    await expect(cont).toHaveAttribute('href', '/quotes?s=ABC');
    await userEvent.click(cont);
    await expect(await canvas.findByText('/quotes?s=ABC')).toBeVisible();
  },
};

/** A stand-in for Google's script: renders a button that hands over an ID token when clicked. */
function installFakeGoogle() {
  window.google = {
    accounts: {
      id: {
        initialize: (options) => {
          (window as unknown as { fakeGoogleCallback: typeof options.callback }).fakeGoogleCallback = options.callback;
        },
        renderButton: (parent) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google';
          button.addEventListener('click', () =>
            (window as unknown as { fakeGoogleCallback: (r: { credential: string }) => void }).fakeGoogleCallback({
              credential: 'google-id-token',
            }),
          );
          parent.replaceChildren(button);
        },
      },
    },
  };
}

export const GoogleButton: Story = {
  name: 'Google sign-in (configured and loaded)',
  parameters: { config: { googleClientId: 'demo.apps.googleusercontent.com' } },
  beforeEach: () => {
    installFakeGoogle();
    return () => {
      delete window.google;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await expect(canvas.getByText('or')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with Google' }));
    // The ID token went to POST auth/signInWithGoogle: signed in, on to the dashboard.
    await expect(await canvas.findByText('/dashboard')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Ada');
  },
};
