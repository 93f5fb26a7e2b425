import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PrivacyScreen from '@/screens/privacy/privacy-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { configuredTrust } from './support/trust-fixtures';

/**
 * The privacy notice: what is collected and why, who sees it, electronic records and signatures,
 * and how to reach us (the support phone and the insurer from /config.json).
 */
const meta = {
  title: 'Screens/Privacy notice',
  component: PrivacyScreen,
  parameters: { route: '/privacy', msw: { handlers: brokerHandlers() } },
} satisfies Meta<typeof PrivacyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's own content, without the site's header and footer. */
const page = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('[data-screen="privacy"]')!);

export const Plain: Story = {
  parameters: { config: { trust: configuredTrust } } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'How we use your information' })).toBeVisible();
    const screen = page(canvasElement);
    for (const heading of [
      'What we collect, and why',
      'Who sees it',
      'Electronic records and signatures',
      'How long we keep it',
      'Your choices',
      'How to contact us',
    ]) {
      await expect(screen.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // Card details never reach the portal; nothing is sold.
    await expect(
      screen.getByText(/card details are typed into the payment provider’s own checkout page and never reach us/),
    ).toBeVisible();
    await expect(
      screen.getByText('We do not sell your personal information, and we do not use it for advertising.'),
    ).toBeVisible();
    // How to reach us: the deployment's number, dialable, and the insurer with its licences.
    await expect(screen.getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:+15125550100');
    await expect(
      screen.getByText(/^Underwritten by Keystone Specialty Insurance Company \(NAIC 12345\)\./),
    ).toBeVisible();
    await expect(screen.getByText('Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Your documents' })).toHaveAttribute('href', '/document');
    await expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
  },
};

export const Branded: Story = {
  name: 'Branded (in a broker’s client area)',
  parameters: { route: `/client/privacy/${HARBOR_RISK}` } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'How we use your information' })).toBeVisible();
    // Links stay in the broker's client area.
    const screen = page(canvasElement);
    await expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      `/client/terms/${HARBOR_RISK}`,
    );
    await expect(screen.getByRole('link', { name: 'feedback page' })).toHaveAttribute(
      'href',
      `/client/feedback/${HARBOR_RISK}`,
    );
    // The demo's insurer says it is fictitious.
    await expect(screen.getByText('Includes fictitious demo values.')).toBeVisible();
  },
};

export const WithoutRuntimeConfig: Story = {
  name: 'Without the runtime config',
  parameters: { config: { trust: null } } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'How we use your information' })).toBeVisible();
    // No number and no insurer rather than wrong ones; the feedback page still reaches us.
    await expect(canvasElement.querySelector('a[href^="tel:"]')).toBeNull();
    await expect(canvas.queryByText(/Underwritten by/)).toBeNull();
    await expect(page(canvasElement).getByRole('link', { name: 'feedback page' })).toHaveAttribute('href', '/feedback');
  },
};
