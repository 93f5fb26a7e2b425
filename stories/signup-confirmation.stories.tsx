import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import SignupConfirmationScreen from '@/screens/signup-confirmation/signup-confirmation-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';

/** After sign-up: the route requires a signed-in user, so the story starts with Ada's session. */
const meta = {
  title: 'Screens/Sign-up confirmation',
  component: SignupConfirmationScreen,
  parameters: { route: '/signupconfirmation', session: adaStored, msw: { handlers: authHandlers() } },
} satisfies Meta<typeof SignupConfirmationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    await expect(canvas.getByText(/Your account for/)).toHaveTextContent('Your account for ada@example.com is ready');
    await expect(canvas.getByRole('link', { name: 'Choose your speciality' })).toHaveAttribute('href', '/');
  },
};

export const BrandedWelcome: Story = {
  name: 'Welcome (branded)',
  parameters: {
    route: '/client/signupconfirmation/harbor-risk',
    msw: { handlers: [...brokerHandlers(), ...authHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose your speciality' })).toHaveAttribute(
      'href',
      '/client/landing/harbor-risk',
    );
  },
};
