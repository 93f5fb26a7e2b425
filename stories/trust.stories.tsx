import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import LandingScreen from '@/screens/landing/landing-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { configuredTrust } from './support/trust-fixtures';

/**
 * Who stands behind a policy (issue 16): the insurer with its NAIC code and AM Best rating, the
 * producer's licences and the support phone, on the landing page's trust strip and in every
 * page's footer with the privacy notice and terms of use. From /config.json's `trust`.
 */
const meta = {
  title: 'Components/Trust',
  component: LandingScreen,
  parameters: { route: '/', msw: { handlers: [...catalogHandlers(), ...brokerHandlers()] } },
} satisfies Meta<typeof LandingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const strip = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Who stands behind your policy' }));
const footer = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('contentinfo'));

export const Configured: Story = {
  name: 'A deployment’s insurer',
  parameters: { config: { trust: configuredTrust } } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const trust = await strip(canvasElement);
    await expect(
      trust.getByText(
        'Underwritten by Keystone Specialty Insurance Company (NAIC 12345). AM Best rating: A (Excellent).',
      ),
    ).toBeVisible();
    await expect(trust.getByText('Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.')).toBeVisible();
    await expect(trust.getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:+15125550100');
    await expect(trust.queryByText('Includes fictitious demo values.')).toBeNull();
    // The footer names them too, with the number to call and the privacy notice and terms.
    const foot = footer(canvasElement);
    await expect(foot.getByText(/^Underwritten by Keystone Specialty Insurance Company/)).toBeVisible();
    await expect(foot.getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:+15125550100');
    const about = within(foot.getByRole('navigation', { name: 'About this site' }));
    await expect(about.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    await expect(about.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  },
};

export const Demo: Story = {
  name: 'The demo’s fictitious insurer',
  play: async ({ canvasElement }) => {
    const trust = await strip(canvasElement);
    await expect(
      trust.getByText(
        /^Underwritten by Bellwether Mutual Specialty Insurance Company \(fictitious — demo\) \(NAIC 99999\)\. AM Best rating: A- \(Excellent\) — demo\./,
      ),
    ).toBeVisible();
    await expect(trust.getByText('Includes fictitious demo values.')).toBeVisible();
    await expect(trust.getByText(/^Producer licences: AZ DEMO-1001, .*, WA DEMO-1010\.$/)).toBeVisible();
    await expect(trust.getByRole('link', { name: '(800) 555-0142' })).toHaveAttribute('href', 'tel:+18005550142');
    await expect(footer(canvasElement).getByText('Includes fictitious demo values.')).toBeVisible();
  },
};

export const Branded: Story = {
  name: 'In a broker’s client area',
  parameters: { route: `/client/landing/${HARBOR_RISK}` } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    await strip(canvasElement);
    // The footer's links stay in the broker's client area.
    const about = within(footer(canvasElement).getByRole('navigation', { name: 'About this site' }));
    await expect(about.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      `/client/privacy/${HARBOR_RISK}`,
    );
    await expect(about.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      `/client/terms/${HARBOR_RISK}`,
    );
  },
};

export const WithoutRuntimeConfig: Story = {
  name: 'Without the runtime config',
  parameters: { config: { trust: null } } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    // No insurer and no number rather than wrong ones; the privacy notice and terms stay.
    await expect(canvas.queryByRole('region', { name: 'Who stands behind your policy' })).toBeNull();
    await expect(canvas.queryByText(/Underwritten by/)).toBeNull();
    await expect(canvasElement.querySelector('a[href^="tel:"]')).toBeNull();
    await expect(footer(canvasElement).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  },
};
