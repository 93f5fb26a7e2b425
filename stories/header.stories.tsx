import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers, HARBOR_RISK_LOGO, harborRisk, harborRiskWithoutLogo } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';

/** Any page's content: these stories are about the header around it. */
function PageContent() {
  return <p>Page content.</p>;
}

/**
 * The site header (src/components/root-layout.tsx): its brand, Practice Shield's on the plain site
 * and the broker's in a client area (src/components/broker-brand.tsx), and its account links,
 * signed out and signed in.
 */
const meta = {
  title: 'Layout/Header',
  component: PageContent,
  parameters: { route: '/signupconfirmation', msw: { handlers: authHandlers() } },
} satisfies Meta<typeof PageContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Account' });
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
  },
};

export const SignedOutBranded: Story = {
  name: 'Signed out (branded)',
  parameters: {
    route: `/client/signupconfirmation/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/client/login/harbor-risk');
    await expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/client/signup/harbor-risk');
  },
};

export const SignedIn: Story = {
  parameters: { session: adaStored },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await expect(await within(nav).findByRole('button', { name: 'Sign out' })).not.toHaveAttribute('aria-disabled');
    await expect(nav).toHaveTextContent('Signed in as Ada');
    await expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
  },
};

export const SignOut: Story = {
  name: 'Sign out (branded)',
  parameters: {
    session: adaStored,
    route: `/client/signupconfirmation/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Account' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Sign out' }));
    // Revoked, signed out, and on the broker's landing page.
    await expect(await canvas.findByText('/client/landing/harbor-risk')).toBeVisible();
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeVisible();
  },
};

/** Queries inside the site header, whose brand link is the broker's in a client area, else Practice Shield's. */
function header(canvasElement: HTMLElement) {
  return within(canvasElement.querySelector<HTMLElement>('.site-header')!);
}

export const PlainBrand: Story = {
  name: 'Brand: Practice Shield (no broker)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const brand = await header(canvasElement).findByRole('link', { name: 'Practice Shield' });
    await expect(brand).toHaveAttribute('href', '/');
    await expect(brand.querySelector('img')).toBeNull();
    await expect(canvas.queryByText(harborRisk.name)).toBeNull();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('professional liability insurance, by speciality, through your broker');
  },
};

export const BrokerWithLogo: Story = {
  name: 'Brand: broker with a logo',
  parameters: {
    route: `/client/signupconfirmation/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const brand = await header(canvasElement).findByRole('link', { name: new RegExp(harborRisk.name) });
    // The logo, its base64 profile image as a data URL; the name beside it says who this is.
    const logo = brand.querySelector('img');
    await expect(logo).not.toBeNull();
    await expect(logo!.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(logo).toHaveAttribute('src', `data:image/png;base64,${HARBOR_RISK_LOGO}`);
    await expect(logo).toHaveAttribute('alt', '');
    await expect(within(brand).getByText('HRP')).toBeVisible();
    await expect(within(brand).getByText('HRP')).toHaveAttribute('title', harborRisk.name);
    await expect(within(brand).getByText('Harbor Risk Partners')).toBeVisible();
    await expect(within(brand).getByText('with Practice Shield')).toBeVisible();
    // Home is the broker's own landing page.
    await expect(brand).toHaveAttribute('href', `/client/landing/${HARBOR_RISK}`);
    await expect(header(canvasElement).queryByRole('link', { name: 'Practice Shield' })).toBeNull();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(`arranged for you by ${harborRisk.name}`);
  },
};

export const BrokerWithoutLogo: Story = {
  name: 'Brand: broker without a logo',
  parameters: {
    route: `/client/signupconfirmation/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers({ [HARBOR_RISK]: harborRiskWithoutLogo }), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const brand = await header(canvasElement).findByRole('link', { name: new RegExp(harborRisk.name) });
    // No broken image: a tile with the broker's initials instead, hidden from screen readers.
    await expect(brand.querySelector('img')).toBeNull();
    const tile = brand.querySelector('.broker-brand__logo--initials');
    await expect(tile).toHaveTextContent('HRP');
    await expect(tile).toHaveAttribute('aria-hidden', 'true');
    await expect(within(brand).getByText('Harbor Risk Partners')).toBeVisible();
    await expect(brand).toHaveAttribute('href', `/client/landing/${HARBOR_RISK}`);
  },
};
