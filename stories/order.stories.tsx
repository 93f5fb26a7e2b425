import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { formatUsd } from '@/api/contract/money-format';
import OrderScreen from '@/screens/order/order-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  clearSavedQuote,
  failingOnceQuoteHandlers,
  pendingQuoteHandlers,
  quotedCalculation,
  quoteHandlers,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
} from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The order screen (src/screens/order, src/machines/order-details.machine.ts): a saved quote as
 * its owner sees it, from insured/orderdetails. The route asks for a signed-in insured, so every
 * story starts with Ada's session. Her order 4217 is the quote the quotes stories save
 * (stories/support/quote-fixtures.ts): the same option, total and worksheet.
 */
const meta = {
  title: 'Screens/Order',
  component: OrderScreen,
  parameters: {
    route: `/order/${SUBMISSION_ID}`,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...quoteHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof OrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const TOTAL = formatUsd(quotedCalculation.totalCents);

async function loadedOrder(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: `Order ${SUBMISSION_NUMBER}: Architects` })).toBeVisible();
  // The price the quote screen showed for this option, to the cent.
  await expect(canvas.getByText('Price for the year', { selector: 'dt' }).nextElementSibling).toHaveTextContent(TOTAL);
}

export const Loaded: Story = {
  name: 'Loaded: the quote as it was saved',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedOrder(canvas);
    await expect(canvas.getByText('Quoted: ready to buy')).toBeVisible();
    const facts = (term: string) => canvas.getByText(term, { selector: 'dt' }).nextElementSibling;
    await expect(facts('Where')).toHaveTextContent('Texas, ZIP 77002');
    await expect(facts('Cover')).toHaveTextContent('$1,000,000 / $1,000,000 limit, $2,500 deductible');
    await expect(facts('Starts')).toHaveTextContent('2026-07-01');
    await expect(facts('Price for the year')).toHaveTextContent(TOTAL);
    const worksheet = within(canvas.getByRole('region', { name: 'How your price is worked out' })).getAllByRole('listitem');
    await expect(worksheet).toHaveLength(11);
    await expect(worksheet[0]).toHaveTextContent('Base premium for Architects in Texas: $2,730.00');
    await expect(worksheet[10]).toHaveTextContent(`Total for the year: ${TOTAL}`);
    await expect(canvas.getByText(/buying and paying online open in a coming release/)).toBeVisible();
  },
};

export const LoadedBranded: Story = {
  name: 'Loaded (branded)',
  parameters: {
    route: `/client/order/${SUBMISSION_ID}/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...quoteHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loadedOrder(canvas);
  },
};

export const Loading: Story = {
  name: 'Loading',
  parameters: { msw: { handlers: [...authHandlers(), ...pendingQuoteHandlers('orderDetails')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  },
};

export const NotFound: Story = {
  name: 'Not found (404: someone else’s, or none)',
  parameters: { route: '/order/999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
    await expect(canvas.getByText(/It may belong to another account\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
  },
};

export const NotAnOrderNumber: Story = {
  name: 'Not found (an address that names no order)',
  parameters: { route: '/order/latest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
  },
};

const ORDER_DOWN_MESSAGE = 'The order service is unavailable.';
const failingOnce = failingOnceQuoteHandlers('orderDetails', 500, ORDER_DOWN_MESSAGE);

export const Failed: Story = {
  name: 'Failed, then Try again',
  parameters: { msw: { handlers: [...authHandlers(), ...failingOnce.handlers] } },
  beforeEach: failingOnce.reset,
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
