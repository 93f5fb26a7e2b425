import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ForgotPasswordScreen from '@/screens/forgot-password/forgot-password-screen';
import { AUTH_URLS, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';

/** The forgot-password screen (src/machines/forgot-password.machine.ts). */
const meta = {
  title: 'Screens/Forgot password',
  component: ForgotPasswordScreen,
  parameters: { route: '/forgotpassword', msw: { handlers: authHandlers() } },
} satisfies Meta<typeof ForgotPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(canvas.getByLabelText('E-mail address')).toHaveValue('');
    await expect(canvas.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    await expect(await canvas.findByText('E-mail address is required')).toBeVisible();
    await expect(canvas.getByLabelText('E-mail address')).toHaveFocus();
  },
};

/** What the screen asked the mock API for, to check the request itself. */
const resetRequests: unknown[] = [];

export const Sent: Story = {
  parameters: {
    route: '/client/forgotpassword/harbor-risk',
    msw: {
      handlers: [
        http.post(AUTH_URLS.forgotPassword, async ({ request }) => {
          resetRequests.push(await request.json());
          return HttpResponse.json({ message: 'If an account exists for this address, a reset link is on its way.' });
        }),
        ...brokerHandlers(),
        ...authHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    resetRequests.length = 0;
    // The same neutral answer whatever the address; the request carries the broker.
    await userEvent.type(await canvas.findByLabelText('E-mail address'), '  nobody@example.com ');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    await expect(canvas.getByText(/If an account exists for/)).toHaveTextContent(
      'If an account exists for nobody@example.com, we have sent it a link',
    );
    // Focus on the heading reads the news; no live region besides.
    await expect(canvas.queryByRole('status')).toBeNull();
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(resetRequests).toEqual([{ email: 'nobody@example.com', clientId: 'harbor-risk' }]);
    await userEvent.click(canvas.getByRole('button', { name: 'Use another address' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  },
};

export const TooManyRequests: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(AUTH_URLS.forgotPassword, () =>
          HttpResponse.json(
            { status: 429, message: 'Too many requests.' },
            { status: 429, headers: { 'retry-after': '120' } },
          ),
        ),
        ...authHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('E-mail address'), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Too many reset requests. Please wait 2 minutes and try again.');
  },
};
