import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import SignupScreen from '@/screens/signup/signup-screen';
import { authHandlers, TAKEN_EMAIL } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';

/** The sign-up screen: the auth machine's sign-up, with the identity API mocked. */
const meta = {
  title: 'Screens/Sign up',
  component: SignupScreen,
  parameters: { route: '/signup', msw: { handlers: authHandlers() } },
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function screen(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Create your account' });
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Create account' })).not.toHaveAttribute('aria-disabled'));
  return canvas;
}

async function fillIn(canvas: Canvas, email: string) {
  await userEvent.type(canvas.getByLabelText('E-mail address'), email);
  await userEvent.type(canvas.getByLabelText('Password'), 'correct horse battery 9');
  await userEvent.type(canvas.getByLabelText('First name'), 'Grace');
  await userEvent.type(canvas.getByLabelText('Last name'), 'Hopper');
  await userEvent.type(canvas.getByLabelText(/Company name/), 'Hopper Compilers');
  await userEvent.click(canvas.getByLabelText(/My business/));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    // The strength rule is explained before anything is submitted, and read with the field.
    const password = canvas.getByLabelText('Password');
    await expect(password).toHaveAccessibleDescription(/At least 10 characters.*At least one letter.*At least one digit or symbol/);
    await expect(canvas.getByLabelText(/Company name/)).not.toBeRequired();
    // A fieldset with a legend: a group, not a radiogroup role.
    await expect(canvas.getByRole('group', { name: 'Who is the cover for?' })).toBeVisible();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(canvas.getByLabelText('E-mail address')).toHaveAttribute('aria-required', 'true');
    await expect(canvas.getByLabelText(/Company name/)).not.toHaveAttribute('aria-required');
    await expect(canvas.getByLabelText(/Me, as an individual/)).not.toBeChecked();
    const signup = within(canvasElement.querySelector<HTMLElement>('[data-screen="signup"]')!);
    await expect(signup.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull();
  },
};

export const WeakPassword: Story = {
  name: 'Weak password explained',
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, 'abcdefghijkl');
    // The checklist ticks what is met as the user types…
    const rules = canvasElement.querySelectorAll('.password-rules li');
    await expect(rules[0]).toHaveClass('password-rules__met');
    await expect(rules[1]).toHaveClass('password-rules__met');
    await expect(rules[2]).not.toHaveClass('password-rules__met');
    // …and on leaving the field, says what is missing.
    await userEvent.tab();
    await expect(await canvas.findByText('Password must contain a digit or a symbol')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    // A submit shows every message and puts focus on the first field in error.
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('E-mail address is required')).toBeVisible();
    await expect(canvas.getByText('First name is required')).toBeVisible();
    await expect(canvas.getByText('Who the cover is for must be individual or business')).toBeVisible();
    // Each radio carries the error, so it is read wherever the user lands in the group.
    for (const radio of canvas.getAllByRole('radio')) {
      await expect(radio).toHaveAttribute('aria-invalid', 'true');
      await expect(radio).toHaveAccessibleDescription('Who the cover is for must be individual or business');
    }
    await expect(canvas.queryByText(/Company name .*required/)).toBeNull();
    await expect(canvas.getByLabelText('E-mail address')).toHaveFocus();
  },
};

export const EmailTaken: Story = {
  name: 'E-mail taken',
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, TAKEN_EMAIL);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('An account with this e-mail address already exists.');
    await expect(within(alert).getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/forgotpassword');
    // The e-mail field says so too, and has the focus.
    const email = canvas.getByLabelText('E-mail address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('E-mail address already has an account');
    await waitFor(() => expect(email).toHaveFocus());
    // Changing the address clears the server's message for it.
    await userEvent.type(email, 'x');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, 'grace.hopper@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('/signupconfirmation')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Grace');
  },
};

export const BrandedSuccess: Story = {
  name: 'Success (branded)',
  parameters: { route: '/client/signup/harbor-risk', msw: { handlers: [...brokerHandlers(), ...authHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await screen(canvasElement);
    await fillIn(canvas, 'grace.hopper@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('/client/signupconfirmation/harbor-risk')).toBeVisible();
  },
};
