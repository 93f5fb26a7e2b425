import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminUsersScreen from '@/screens/admin-users/admin-users-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { storyLocation } from './support/story-navigation';

/**
 * The administrator's users (src/screens/admin-users, src/machines/admin-users.machine.ts): find,
 * narrow by role, change a role (a broker's user names their broker), unlock a locked account.
 */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Users',
  component: AdminUsersScreen,
  parameters: {
    route: '/admin/users',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminUsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const users = (canvas: ReturnType<typeof within>) => canvas.findByRole('table', { name: 'Users, newest first' });
const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;

export const Loaded: Story = {
  name: 'Loaded: newest first, a locked account marked, no role change for oneself',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(await users(canvas))
      .getAllByRole('row')
      .slice(1);
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveTextContent('Locked until');
    await expect(within(rows[0]!).getByRole('button', { name: 'Unlock Mary Somerville' })).toBeVisible();
    await expect(rows[2]).toHaveTextContent('Harbor Risk Partners');
    await expect(within(rows[4]!).queryByRole('button', { name: /Change role/ })).toBeNull();
    await expect(status(canvasElement)).toHaveTextContent('5 users found.');
  },
};

export const Find: Story = {
  name: 'Find: words and a role, kept in the address',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await users(canvas);
    await userEvent.type(canvas.getByLabelText('E-mail, name or company'), 'harbor');
    await userEvent.selectOptions(canvas.getByLabelText('Role'), 'broker');
    await userEvent.click(canvas.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/admin/users?q=harbor&role=broker'));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('1 user found.'));
    await expect(canvas.getByRole('rowheader', { name: /Bea Broker/ })).toBeVisible();
  },
};

const changing = adminHandlers();

export const MakeBroker: Story = {
  name: 'Change role: a broker’s user must name their broker',
  ...withServer(changing),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await users(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Change role of Charles Babbage' }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'Change the role of Charles Babbage' }),
    );
    await userEvent.selectOptions(dialog.getByLabelText('New role'), 'broker');
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    await expect(dialog.getByText('Choose the broker they work for')).toBeVisible();
    await expect(changing.calls).toEqual([]);
    // Only open storefronts can be chosen.
    await expect(
      within(dialog.getByLabelText('Broker they work for')).queryByRole('option', {
        name: 'Summit Professional Insurance',
      }),
    ).toBeNull();
    await userEvent.selectOptions(dialog.getByLabelText('Broker they work for'), 'Lakeside Insurance Brokers');
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Charles Babbage is now broker.'));
    await expect(changing.calls).toEqual(['PUT admin/users/8/role {"role":"broker","brokerId":2}']);
  },
};

export const RoleRefused: Story = {
  name: 'Change role refused: the server’s reason in the dialog',
  ...withServer(
    adminHandlers({ refuseSave: { status: 409, message: 'Grace Hopper has open reviews: reassign them first' } }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await users(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Change role of Grace Hopper' }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'Change the role of Grace Hopper' }),
    );
    await userEvent.selectOptions(dialog.getByLabelText('New role'), 'insured');
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    await expect(await dialog.findByText('409: Grace Hopper has open reviews: reassign them first')).toBeVisible();
  },
};

const unlocking = adminHandlers();

export const Unlock: Story = {
  name: 'Unlock: the account can sign in again',
  ...withServer(unlocking),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await users(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Unlock Mary Somerville' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Mary Somerville can sign in again.'));
    await waitFor(() => expect(canvas.queryByText(/Locked until/)).toBeNull());
    await expect(unlocking.calls).toEqual(['PUT admin/users/9/unlock']);
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The users are unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the users. 503: The users are unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await users(canvas);
  },
};
