import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { alan, deskAuthHandlers, graceStored, storedSession } from './support/underwriting-fixtures';

/** Any page's content: these stories are about the header's link to the desk around it. */
function PageContent() {
  return <p>Page content.</p>;
}

/**
 * The header's "Underwriting desk" link (src/components/root-layout.tsx): shown to a signed-in
 * underwriter or admin only. Anyone else never learns of the desk (its guard answers them "not
 * found", src/routes/guards.ts).
 */
const meta = {
  title: 'Layout/Header: underwriting desk link',
  component: PageContent,
  parameters: { route: '/dashboard', msw: { handlers: deskAuthHandlers() } },
} satisfies Meta<typeof PageContent>;

export default meta;
type Story = StoryObj<typeof meta>;

const accountNav = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('navigation', { name: 'Account' }));

export const Underwriter: Story = {
  parameters: { session: graceStored },
  play: async ({ canvasElement }) => {
    const nav = await accountNav(canvasElement);
    await expect(await nav.findByRole('link', { name: 'Underwriting desk' })).toHaveAttribute('href', '/underwriting');
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

export const Admin: Story = {
  parameters: { session: storedSession(alan), msw: { handlers: deskAuthHandlers(alan) } },
  play: async ({ canvasElement }) => {
    const nav = await accountNav(canvasElement);
    await expect(await nav.findByRole('link', { name: 'Underwriting desk' })).toHaveAttribute('href', '/underwriting');
  },
};

export const Insured: Story = {
  name: 'Insured: no link',
  parameters: { session: adaStored, msw: { handlers: authHandlers() } },
  play: async ({ canvasElement }) => {
    const nav = await accountNav(canvasElement);
    await expect(await nav.findByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(nav.queryByRole('link', { name: 'Underwriting desk' })).toBeNull();
  },
};

export const SignedOut: Story = {
  name: 'Signed out: no link',
  play: async ({ canvasElement }) => {
    const nav = await accountNav(canvasElement);
    await expect(await nav.findByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(nav.queryByRole('link', { name: 'Underwriting desk' })).toBeNull();
  },
};
