import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import LandingScreen from '@/screens/landing/landing-screen';
import { BROKER_DETAILS_URL, harborRisk } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';

/** Broker details that fail with a 503 until `recover` is called, then answer. */
function brokerOutage() {
  let down = true;
  return {
    handlers: [
      http.get(BROKER_DETAILS_URL, () =>
        down
          ? HttpResponse.json({ status: 503, message: 'The broker service is unavailable.' }, { status: 503 })
          : HttpResponse.json(harborRisk),
      ),
    ],
    recover: () => {
      down = false;
    },
    reset: () => {
      down = true;
    },
  };
}

const outage = brokerOutage();

/**
 * A branded page whose broker cannot be looked up (server down, network gone): the client route's
 * guard fails rather than calling the broker unknown, and the page says so with a way to retry.
 */
const meta = {
  title: 'Screens/Route error',
  component: LandingScreen,
} satisfies Meta<typeof LandingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BrokerLookupFails: Story = {
  name: 'Broker lookup fails, then Try again',
  parameters: {
    route: `/client/landing/${HARBOR_RISK}`,
    msw: { handlers: [...outage.handlers, ...catalogHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => outage.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The broker service is unavailable.');
    // Not mistaken for an unknown broker: the address stays, no page-not-found.
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
    outage.recover();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('link', { name: /Harbor Risk Partners/ })).toBeVisible();
  },
};
