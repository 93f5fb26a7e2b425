import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import OrderScreen from '@/screens/order/order-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  knockout,
  orderWorld,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
  type OrderWorld,
  type OrderWorldOptions,
} from './support/order-status-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * The order screen (src/screens/order, src/machines/order-details.machine.ts): order 4217 as Ada
 * sees it from dashboard/ordersummarydetails, with Buy now while it is quoted, and the outcomes
 * that stay here (approved, declined). An order whose status has its own screen goes there.
 * The route asks for a signed-in insured, so every story starts with Ada's session.
 */
const meta = {
  title: 'Screens/Order',
  component: OrderScreen,
  parameters: {
    route: `/order/${SUBMISSION_ID}`,
    session: adaStored,
  } satisfies RouterParameters,
} satisfies Meta<typeof OrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story's server: the order's world, reset before every showing. */
function served(options: OrderWorldOptions = {}): {
  world: OrderWorld;
  story: Pick<Story, 'parameters' | 'beforeEach'>;
} {
  const world = orderWorld(options);
  return {
    world,
    story: { parameters: { msw: { handlers: [...authHandlers(), ...world.handlers] } }, beforeEach: world.reset },
  };
}

const TOTAL = formatUsd(quotedCalculation.totalCents);
const ORDER_HEADING = `Order ${SUBMISSION_NUMBER}: Architects`;
const fact = (canvas: Canvas, term: string) => canvas.getByText(term, { selector: 'dt' }).nextElementSibling;

async function loadedOrder(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: ORDER_HEADING })).toBeVisible();
  // The price the quote screen showed for this option, to the cent.
  await expect(fact(canvas, 'Price for the year')).toHaveTextContent(TOTAL);
}

const quoted = served();

export const Loaded: Story = {
  name: 'Quoted: the quote as it was saved, with Buy now',
  ...quoted.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedOrder(canvas);
    await expect(canvas.getByText('Quoted: ready to buy')).toHaveAttribute('data-order-status', 'quoted');
    await expect(fact(canvas, 'Where')).toHaveTextContent('Texas, ZIP 77002');
    await expect(fact(canvas, 'Cover')).toHaveTextContent('$1,000,000 / $1,000,000 limit, $2,500 deductible');
    await expect(fact(canvas, 'Starts')).toHaveTextContent('Jul 1, 2026');
    const worksheet = within(canvas.getByRole('region', { name: 'How your price is worked out' })).getAllByRole(
      'listitem',
    );
    await expect(worksheet).toHaveLength(11);
    await expect(worksheet[0]).toHaveTextContent('Base premium for Architects in Texas: $2,730.00');
    await expect(worksheet[10]).toHaveTextContent(`Total for the year: ${TOTAL}`);
    const buy = canvas.getByRole('region', { name: 'Ready to buy' });
    await expect(within(buy).getByRole('button', { name: 'Buy now' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'See the full order summary' })).toHaveAttribute(
      'href',
      `/ordersummary/${SUBMISSION_ID}`,
    );
    await expect(canvas.getByRole('button', { name: 'Close this order' })).toBeVisible();
  },
};

export const LoadedBranded: Story = {
  name: 'Quoted (branded)',
  parameters: {
    route: `/client/order/${SUBMISSION_ID}/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...quoted.world.handlers] },
  },
  beforeEach: quoted.world.reset,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedOrder(canvas);
    await expect(canvas.getByRole('link', { name: 'See the full order summary' })).toHaveAttribute(
      'href',
      `/client/ordersummary/${SUBMISSION_ID}/${HARBOR_RISK}`,
    );
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...served({ pending: ['summary'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  },
};

export const NotFound: Story = {
  name: 'Not found (404: someone else’s, or none)',
  ...quoted.story,
  parameters: { ...quoted.story.parameters, route: '/order/999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
    await expect(canvas.getByText(/It may belong to another account\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NotAnOrderNumber: Story = {
  name: 'Not found (an address that names no order)',
  ...quoted.story,
  parameters: { ...quoted.story.parameters, route: '/order/latest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
  },
};

const ORDER_DOWN_MESSAGE = 'The order service is unavailable.';

export const Failed: Story = {
  name: 'Failed, then Try again',
  ...served({ summaryFailsOnce: { status: 500, message: ORDER_DOWN_MESSAGE } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your order. 500: ${ORDER_DOWN_MESSAGE}`);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loadedOrder(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

async function buyNow(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await loadedOrder(canvas);
  await userEvent.click(canvas.getByRole('button', { name: 'Buy now' }));
  return canvas;
}

export const Buying: Story = {
  name: 'Buy now: checking the order',
  ...served({ pending: ['buyNow'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = await buyNow(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Checking your order…' });
    // Still focusable, so a keyboard user stays where they were.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
    await expect(canvas.getByText('Checking your order…', { selector: '[role="status"]' })).toBeVisible();
  },
};

const approved = served({ buyNowOutcome: 'approved' });

export const BuyNowApproved: Story = {
  name: 'Buy now → approved: the next step is to pay',
  ...approved.story,
  play: async ({ canvasElement }) => {
    const canvas = await buyNow(canvasElement);
    const next = await canvas.findByRole('region', { name: 'Approved: next, pay for your cover' });
    await expect(within(next).getByRole('link', { name: 'Go to payment' })).toHaveAttribute(
      'href',
      '/payment?submissionid=4217',
    );
    await expect(canvas.getByText('Your order is approved.')).toBeVisible();
    await expect(canvas.getByText('Approved')).toHaveAttribute('data-order-status', 'approved');
    // One press, one call, with a key that makes a retry of it safe.
    await expect(approved.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['buyNow', { submissionid: String(SUBMISSION_ID) }],
    ]);
    await expect(approved.world.sent[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    await expect(canvas.queryByRole('button', { name: 'Buy now' })).toBeNull();
    // The button went with the step it belonged to: the keyboard is at the heading, not lost.
    await expect(document.activeElement).toBe(canvas.getByRole('heading', { level: 1 }));
  },
};

export const BuyNowDeclined: Story = {
  name: 'Buy now → declined: the reasons, in words',
  ...served({ buyNowOutcome: 'declined' }).story,
  play: async ({ canvasElement }) => {
    const canvas = await buyNow(canvasElement);
    const next = await canvas.findByRole('region', { name: 'We cannot offer this cover' });
    await expect(within(next).getByRole('listitem')).toHaveTextContent(knockout.label);
    // The underwriter's detail is not the insured's to read.
    await expect(next).not.toHaveTextContent(knockout.detail!);
    await expect(canvas.getByText('We are sorry: we cannot offer this cover.')).toBeVisible();
  },
};

export const BuyNowReferred: Story = {
  name: 'Buy now → referred: on to incomplete-review-underwriter',
  ...served({ buyNowOutcome: 'underwriter_review' }).story,
  play: async ({ canvasElement }) => {
    await buyNow(canvasElement);
    await expect((await navigatedTo(canvasElement)).href).toBe(
      `/incomplete-review-underwriter?submissionid=${SUBMISSION_ID}`,
    );
  },
};

export const BuyNowIncomplete: Story = {
  name: 'Buy now → items missing: on to incomplete-order',
  ...served({ buyNowOutcome: 'incomplete' }).story,
  play: async ({ canvasElement }) => {
    await buyNow(canvasElement);
    await expect((await navigatedTo(canvasElement)).href).toBe(`/incomplete-order?submissionid=${SUBMISSION_ID}`);
  },
};

const BUY_DOWN = 'The rules service is unavailable.';
const buyFails = served({ failing: { buyNow: { status: 503, message: BUY_DOWN } } });

export const BuyNowFailed: Story = {
  name: 'Buy now failed: said, with Try again (same key)',
  ...buyFails.story,
  play: async ({ canvasElement }) => {
    const canvas = await buyNow(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `We could not go ahead with your order. ${BUY_DOWN}`,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(buyFails.world.sent).toHaveLength(2));
    // A retry of a call whose answer never came is the same request: the server answers it once.
    await expect(buyFails.world.sent[1]!.idempotencyKey).toBe(buyFails.world.sent[0]!.idempotencyKey);
  },
};

export const Approved: Story = {
  name: 'Approved (opened later): pay next',
  ...served({ status: 'approved' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = await canvas.findByRole('region', { name: 'Approved: next, pay for your cover' });
    await expect(within(next).getByRole('link', { name: 'Go to payment' })).toHaveAttribute(
      'href',
      '/payment?submissionid=4217',
    );
  },
};

export const ApprovedWithAdjustment: Story = {
  name: 'Approved by an underwriter with a premium adjustment',
  ...served({
    status: 'approved',
    summary: {
      decision: {
        kind: 'approved',
        reason: 'Two prior claims',
        adjustmentBps: 1000,
        at: '2026-06-26T12:00:00.000Z',
        by: 'Uma Reyes',
      },
    },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = await canvas.findByRole('region', { name: 'Approved: next, pay for your cover' });
    await expect(next).toHaveTextContent('The underwriter adjusted your premium by +10 %: Two prior claims.');
  },
};

export const Declined: Story = {
  name: 'Declined (opened later): why, and no Buy now',
  ...served({ status: 'declined' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = await canvas.findByRole('region', { name: 'We cannot offer this cover' });
    await expect(within(next).getByRole('listitem')).toHaveTextContent(knockout.label);
    await expect(canvas.queryByRole('button', { name: 'Buy now' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Close this order' })).toBeNull();
  },
};

export const Closed: Story = {
  name: 'Closed as lost',
  ...served({ status: 'close_lost' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'This order is closed' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Get a new quote' })).toHaveAttribute('href', '/specialities');
  },
};

export const OnItsOwnScreen: Story = {
  name: 'An order with its own status screen goes there (address replaced)',
  ...served({ status: 'missing_info' }).story,
  play: async ({ canvasElement }) => {
    await expect((await navigatedTo(canvasElement)).href).toBe(
      `/incomplete-missing-info?submissionid=${SUBMISSION_ID}`,
    );
  },
};

const closing = served();

export const CloseDialog: Story = {
  name: 'Close this order: a reason, then the dashboard',
  ...closing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedOrder(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Close this order' }));
    const dialog = await within(document.body).findByRole('dialog', { name: `Close order ${SUBMISSION_NUMBER}?` });
    // The safe choice has focus first.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // No reason yet: asked for, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this order' }));
    await expect(within(dialog).getByRole('combobox', { name: 'Reason for closing' })).toHaveAccessibleDescription(
      'Choose a reason',
    );
    await expect(closing.world.sent).toEqual([]);
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reason for closing' }),
      'I bought cover elsewhere',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Anything you would like us to know/ }),
      'A local broker',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this order' }));
    await expect((await navigatedTo(canvasElement)).href).toBe('/dashboard');
    await expect(closing.world.sent.map((call) => call.body)).toEqual([
      { submissionid: String(SUBMISSION_ID), reason: 'bought_elsewhere', comment: 'A local broker' },
    ]);
  },
};
