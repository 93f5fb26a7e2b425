import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PageNotFoundScreen from '@/screens/page-not-found/page-not-found-screen';
import { brokerHandlers, harborRisk } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * Page not found, plain and in a client area. A branded address asks the broker API who its client
 * id is first (the client route's guard): a known broker's 404 keeps its storefront, an unknown
 * one's is the plain page.
 */
const meta = {
  title: 'Screens/Page not found',
  component: PageNotFoundScreen,
  parameters: { msw: { handlers: brokerHandlers() } },
} satisfies Meta<typeof PageNotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header's brand link, Practice Shield's or the broker's. */
function brandLink(canvasElement: HTMLElement, name: string | RegExp) {
  return within(canvasElement.querySelector<HTMLElement>('.site-header')!).findByRole('link', { name });
}

export const Plain: Story = {
  parameters: { route: '/page-not-found' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
    await expect(await brandLink(canvasElement, 'Practice Shield')).toHaveAttribute('href', '/');
  },
};

export const Branded: Story = {
  name: 'Branded (known broker)',
  parameters: { route: `/client/page-not-found/${HARBOR_RISK}` } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    // The broker's header, and the way back stays on the broker's storefront.
    const brand = await brandLink(canvasElement, new RegExp(harborRisk.name));
    await expect(brand).toHaveAttribute('href', `/client/landing/${HARBOR_RISK}`);
    await expect(within(brand).getByText(harborRisk.brokerAbbrivation)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute(
      'href',
      `/client/landing/${HARBOR_RISK}`,
    );
  },
};

export const UnknownBroker: Story = {
  name: 'Branded (unknown broker)',
  parameters: { route: '/client/page-not-found/no-such-broker' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    // No broker to show: the plain brand, and the way back leads to the plain site.
    await expect(await brandLink(canvasElement, 'Practice Shield')).toHaveAttribute('href', '/');
    await expect(canvasElement.querySelector('.broker-brand')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
  },
};

export const UnknownBrokerRedirect: Story = {
  name: 'Any branded screen of an unknown broker',
  parameters: { route: '/client/dashboard/no-such-broker' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    // The client route's guard finds no such broker and replaces the address with its page-not-found.
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: '/client/page-not-found/no-such-broker',
      state: {},
    });
  },
};
