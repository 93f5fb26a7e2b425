import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import TermsScreen from '@/screens/terms/terms-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { configuredTrust } from './support/trust-fixtures';

/**
 * The terms of use: who provides the cover, accounts, quotes indicative until bound, answers,
 * paying, cancelling, documents and fair use, and how to reach us.
 */
const meta = {
  title: 'Screens/Terms of use',
  component: TermsScreen,
  parameters: { route: '/terms', msw: { handlers: brokerHandlers() } },
} satisfies Meta<typeof TermsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's own content, without the site's header and footer. */
const page = (canvasElement: HTMLElement) => within(canvasElement.querySelector<HTMLElement>('[data-screen="terms"]')!);

export const Plain: Story = {
  parameters: { config: { trust: configuredTrust } } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Using Practice Shield' })).toBeVisible();
    const screen = page(canvasElement);
    for (const heading of [
      'Who we are',
      'Your account',
      'Quotes are indicative until the policy is bound',
      'Your answers',
      'Paying',
      'Cancelling',
      'Contact us',
    ]) {
      await expect(screen.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // A quote is no cover; the insured may cancel at any time.
    await expect(screen.getByText(/Until then, saving or even accepting a quote gives no cover\./)).toBeVisible();
    await expect(screen.getByText(/may cancel your policy at any time by telling us/)).toBeVisible();
    // Who provides the cover, under the heading that says so.
    await expect(
      screen.getByText(
        /^Underwritten by Keystone Specialty Insurance Company \(NAIC 12345\)\. AM Best rating: A \(Excellent\)\./,
      ),
    ).toBeVisible();
    await expect(screen.queryByText('Includes fictitious demo values.')).toBeNull();
    await expect(screen.getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:+15125550100');
    await expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  },
};

export const Branded: Story = {
  name: 'Branded (in a broker’s client area)',
  parameters: { route: `/client/terms/${HARBOR_RISK}` } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Using Practice Shield' })).toBeVisible();
    const screen = page(canvasElement);
    await expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      `/client/privacy/${HARBOR_RISK}`,
    );
    await expect(screen.getByRole('link', { name: 'Your documents' })).toHaveAttribute(
      'href',
      `/client/document/${HARBOR_RISK}`,
    );
    // The demo's insurer and its licences, marked as fictitious.
    await expect(
      screen.getByText(/^Underwritten by Bellwether Mutual Specialty Insurance Company \(fictitious — demo\)/),
    ).toBeVisible();
    await expect(screen.getByText('Includes fictitious demo values.')).toBeVisible();
    await expect(screen.getByText(/^Producer licences: AZ DEMO-1001, CA DEMO-1002, /)).toBeVisible();
  },
};
