import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers, HARBOR_RISK_LOGO, harborRisk, harborRiskWithoutLogo } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';
import { deskAuthHandlers, graceStored } from './support/underwriting-fixtures';

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
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/client/login/harbor-risk',
    );
    await expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/client/signup/harbor-risk',
    );
  },
};

/** The account's pages as the header lists them: name, address, and whether it is the page shown. */
function accountPages(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      return { name: link.textContent, href: link.getAttribute('href'), current: link.getAttribute('aria-current') };
    });
}

export const SignedIn: Story = {
  parameters: { session: adaStored },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await expect(await within(nav).findByRole('button', { name: 'Sign out' })).not.toHaveAttribute('aria-disabled');
    await expect(nav).toHaveTextContent('Signed in as Ada');
    await expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    // The account's pages, on every signed-in screen; this one (signupconfirmation) is none of them.
    await expect(accountPages(nav)).toEqual([
      { name: 'Dashboard', href: '/dashboard', current: null },
      { name: 'Documents', href: '/document', current: null },
      { name: 'Claims', href: '/claims', current: null },
      { name: 'Account details', href: '/contacts', current: null },
    ]);
  },
};

export const CurrentPage: Story = {
  name: 'Signed in: the page shown is marked current',
  parameters: { session: adaStored, route: '/claims' },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await within(nav).findByRole('link', { name: 'Claims' });
    await expect(accountPages(nav).map((page) => [page.name, page.current])).toEqual([
      ['Dashboard', null],
      ['Documents', null],
      ['Claims', 'page'],
      ['Account details', null],
    ]);
  },
};

export const CurrentPageBranded: Story = {
  name: 'Signed in (branded): the pages stay in the storefront',
  parameters: {
    session: adaStored,
    route: `/client/document/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await within(nav).findByRole('link', { name: 'Documents' });
    await expect(accountPages(nav)).toEqual([
      { name: 'Dashboard', href: `/client/dashboard/${HARBOR_RISK}`, current: null },
      { name: 'Documents', href: `/client/document/${HARBOR_RISK}`, current: 'page' },
      { name: 'Claims', href: `/client/claims/${HARBOR_RISK}`, current: null },
      { name: 'Account details', href: `/client/contacts/${HARBOR_RISK}`, current: null },
    ]);
  },
};

export const KeyboardOrder: Story = {
  name: 'Signed in: reached by keyboard in reading order',
  parameters: { session: adaStored },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Account' });
    await within(nav).findByRole('link', { name: 'Dashboard' });
    // From the brand link, Tab walks the account's pages in order, then Sign out.
    header(canvasElement).getByRole('link', { name: 'Practice Shield' }).focus();
    for (const name of ['Dashboard', 'Documents', 'Claims', 'Account details']) {
      await userEvent.tab();
      await expect(document.activeElement).toBe(within(nav).getByRole('link', { name }));
    }
    await userEvent.tab();
    await expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Sign out' }));
  },
};

export const StaffSignedIn: Story = {
  name: 'Signed in as an underwriter: the desk, not an insured’s pages',
  parameters: { session: graceStored, msw: { handlers: deskAuthHandlers() } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Account' });
    await within(nav).findByRole('link', { name: 'Underwriting desk' });
    await expect(accountPages(nav).map((page) => page.name)).toEqual(['Underwriting desk']);
    await expect(nav).toHaveTextContent('Signed in as Grace');
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
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(
      'professional liability insurance, by speciality, through your broker',
    );
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
