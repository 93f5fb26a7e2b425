import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ChangePasswordScreen from '@/screens/change-password/change-password-screen';
import {
  adaStored,
  authHandlers,
  GOOD_RESET_TOKEN,
  pendingTokenCheckHandlers,
  USED_RESET_TOKEN,
} from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';

/** The change-password screen, reached from the e-mailed link (src/machines/change-password.machine.ts). */
const meta = {
  title: 'Screens/Change password',
  component: ChangePasswordScreen,
  parameters: { route: `/changepassword/${GOOD_RESET_TOKEN}`, msw: { handlers: authHandlers() } },
} satisfies Meta<typeof ChangePasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  parameters: { msw: { handlers: pendingTokenCheckHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Checking your link…')).toBeVisible();
    await expect(canvasElement.querySelector('[data-screen="changepassword"]')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByLabelText('New password')).toBeNull();
  },
};

export const InvalidToken: Story = {
  name: 'Invalid or expired link',
  parameters: {
    route: `/client/changepassword/${USED_RESET_TOKEN}/harbor-risk`,
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    await expect(canvas.getByText(/has expired, has already been used/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/client/forgotpassword/harbor-risk',
    );
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

export const MangledLink: Story = {
  name: 'Link copied incompletely',
  parameters: { route: '/changepassword/abc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Not shaped like a token: no request at all (an unexpected request fails the story).
    await expect(await canvas.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  },
};

export const Form: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByLabelText('New password');
    await expect(password).toHaveAccessibleDescription(/At least 10 characters/);
    await userEvent.type(password, 'short1');
    await userEvent.type(canvas.getByLabelText('Confirm the new password'), 'short2');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('New password must be at least 10 characters')).toBeVisible();
    await expect(canvas.getByText('The confirmation must match the new password')).toBeVisible();
    await expect(password).toHaveFocus();
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('New password'), 'a much longer passphrase 7');
    await userEvent.type(canvas.getByLabelText('Confirm the new password'), 'a much longer passphrase 7');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Your password has been changed' });
    await waitFor(() => expect(heading).toHaveFocus());
    const screen = within(canvasElement.querySelector<HTMLElement>('[data-screen="changepassword"]')!);
    await expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  },
};

export const SuccessWhileSignedIn: Story = {
  name: 'Success while signed in: this browser is signed out too',
  parameters: { session: adaStored },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Account' });
    await expect(await within(nav).findByRole('button', { name: 'Sign out' })).toBeVisible();
    await userEvent.type(await canvas.findByLabelText('New password'), 'a much longer passphrase 7');
    await userEvent.type(canvas.getByLabelText('Confirm the new password'), 'a much longer passphrase 7');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Your password has been changed' });
    // The server ended every session: the header no longer shows Ada, and the page stays.
    await expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
    await expect(nav).not.toHaveTextContent('Signed in as Ada');
    await expect(heading).toBeVisible();
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
  },
};
