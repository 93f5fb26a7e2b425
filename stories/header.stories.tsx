import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { adaStored, authHandlers } from './support/auth-fixtures';

/** Any page's content: these stories are about the header around it. */
function PageContent() {
  return <p>Page content.</p>;
}

/** The site header's account links (src/components/root-layout.tsx), signed out and signed in. */
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
  parameters: { route: '/client/signupconfirmation/harbor-risk' },
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
  parameters: { session: adaStored, route: '/client/signupconfirmation/harbor-risk' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Account' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Sign out' }));
    // Revoked, signed out, and on the broker's landing page.
    await expect(await canvas.findByText('/client/landing/harbor-risk')).toBeVisible();
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeVisible();
  },
};
