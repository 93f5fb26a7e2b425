import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import PaymentConfirmScreen from '@/screens/paymentconfirm/payment-confirm-screen';
import { adaStored } from './support/auth-fixtures';
import { CARD_DECLINED, POLICY_NUMBER, servedBilling, SESSION_ID, SUBMISSION_ID } from './support/billing-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * paymentconfirm (src/screens/paymentconfirm, src/machines/payment-confirm.machine.ts): Ada is
 * back from the hosted checkout for order 4217. The screen asks the server what became of the
 * payment: received (policy issued), still on its way, or declined.
 */
const ROUTE = `/paymentconfirm?submissionid=${SUBMISSION_ID}&sessionid=${SESSION_ID}`;

const meta = {
  title: 'Screens/Payment confirmation',
  component: PaymentConfirmScreen,
  parameters: { route: ROUTE, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof PaymentConfirmScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirming: Story = {
  name: 'Confirming',
  ...servedBilling({ status: 'awaiting_payment', pending: ['confirm'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Confirming your payment…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-screen="paymentconfirm"]')).not.toBeNull();
  },
};

const paid = servedBilling({ status: 'awaiting_payment', confirmations: ['paid'] });

export const Paid: Story = {
  name: 'Paid: the policy is issued, on to the cover and the documents',
  ...paid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: `Payment received — policy ${POLICY_NUMBER} is issued` })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Thank you: your cover is in place.');
    await expect(canvas.getByRole('link', { name: 'See your cover' })).toHaveAttribute('href', `/complete-order?submissionid=${SUBMISSION_ID}`);
    await expect(canvas.getByRole('link', { name: 'Go to your documents' })).toHaveAttribute('href', '/document');
    await expect(paid.world.sent.map((call) => [call.call, call.body])).toEqual([['confirm', { submissionid: SUBMISSION_ID, sessionid: SESSION_ID }]]);
  },
};

const pendingThenPaid = servedBilling({ status: 'awaiting_payment', confirmations: ['pending', 'paid'] });

export const PaidAfterWaiting: Story = {
  name: 'Paid after a wait: the outcome is told in the live region that was there from the start',
  ...pendingThenPaid.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('status');
    await expect(await canvas.findByRole('heading', { level: 1, name: /^Payment received/ }, { timeout: 3000 })).toBeVisible();
    // The same node: screen readers read a change in a region they know, not one inserted already full.
    await expect(canvas.getByRole('status')).toBe(region);
    await expect(region).toHaveTextContent('Thank you: your cover is in place.');
  },
};

const pending = servedBilling({ status: 'awaiting_payment', confirmations: ['pending'] });

export const StillPending: Story = {
  name: 'Pending: the server’s words, and it asks again on its own',
  ...pending.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByText('We have not received your payment yet. Checking again in a moment…')).closest('[role="status"]')).not.toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
    await expect(canvas.getByText('Please keep this page open. Nothing more will be charged.')).toBeVisible();
  },
};

const unreachable = servedBilling({ status: 'awaiting_payment', failing: { confirm: { status: 503, message: 'The payment service is unavailable.' } } });

export const Unreachable: Story = {
  name: 'Could not ask: said, with Check again',
  ...unreachable.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Still confirming your payment' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not check your payment just now. The payment service is unavailable.');
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(unreachable.world.sent.filter((call) => call.call === 'confirm')).toHaveLength(2);
  },
};

export const Failed: Story = {
  name: 'Declined: the provider’s words, and back to payment',
  ...servedBilling({ status: 'awaiting_payment', confirmations: ['failed'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(CARD_DECLINED);
    await expect(canvas.getByRole('link', { name: 'Back to payment' })).toHaveAttribute('href', `/payment?submissionid=${SUBMISSION_ID}`);
  },
};

export const NoSuchCheckout: Story = {
  name: 'No such checkout (404)',
  ...servedBilling({ failing: { confirm: { status: 404, message: 'Order Q-2026-004217 has no such checkout' } } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that payment' })).toBeVisible();
    await expect(canvas.getByText('Order Q-2026-004217 has no such checkout')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NoSession: Story = {
  name: 'An address without a checkout session',
  ...servedBilling().story,
  parameters: { ...servedBilling().story.parameters, route: `/paymentconfirm?submissionid=${SUBMISSION_ID}&sessionid=nonsense` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that payment' })).toBeVisible();
  },
};
