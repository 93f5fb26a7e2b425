import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminBrokersScreen from '@/screens/admin-brokers/admin-brokers-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The administrator's brokers (src/screens/admin-brokers, src/machines/admin-brokers.machine.ts):
 * the list, the form (client URL checked as typed, specialities, logo), closing a storefront.
 */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Brokers',
  component: AdminBrokersScreen,
  parameters: {
    route: '/admin/brokers',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminBrokersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvas: ReturnType<typeof within>) => canvas.findByRole('table', { name: 'Every broker, by name' });
const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;
const dialogNamed = (name: string) => within(document.body).findByRole('dialog', { name });
const pngFile = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'bayview.png', { type: 'image/png' });

export const Loaded: Story = {
  name: 'Loaded: every broker, its storefront, what it sells with its codes',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const brokers = within(await table(canvas));
    const rows = brokers.getAllByRole('row').slice(1);
    // By accessible name: a broker without a logo shows its abbreviation as a mark, hidden from screen readers.
    const order = [
      'Harbor Risk Partners (HRP)',
      'Lakeside Insurance Brokers (LIB)',
      'Summit Professional Insurance (SPI)',
    ].map((name) => brokers.getAllByRole('rowheader').indexOf(brokers.getByRole('rowheader', { name })));
    await expect(order).toEqual([0, 1, 2]);
    await expect(within(rows[0]!).getByRole('link', { name: '/client/landing/harbor-risk' })).toHaveAttribute(
      'href',
      '/client/landing/harbor-risk',
    );
    await expect(rows[0]).toHaveTextContent('HRPARC10');
    await expect(rows[2]).toHaveTextContent('Closed');
    await expect(
      within(rows[2]!).getByRole('button', { name: 'Reopen storefront of Summit Professional Insurance' }),
    ).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Administration' })).toBeVisible();
  },
};

const creating = adminHandlers();

export const CreateBroker: Story = {
  name: 'New broker: a taken client URL said as typed, then created with a logo',
  ...withServer(creating),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'New broker' }));
    const dialog = within(await dialogNamed('New broker'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Bayview Risk Partners');
    await userEvent.type(dialog.getByLabelText('Abbreviation'), 'BRP');
    await userEvent.type(dialog.getByLabelText('Client URL'), 'harbor-risk');
    await expect(
      await dialog.findByText('Client URL is already Harbor Risk Partners’s', {}, { timeout: 3000 }),
    ).toBeVisible();
    await userEvent.clear(dialog.getByLabelText('Client URL'));
    await userEvent.type(dialog.getByLabelText('Client URL'), 'Bayview');
    await expect(await dialog.findByText('bayview is free.', {}, { timeout: 3000 })).toBeVisible();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Architects' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dentists' }));
    await userEvent.upload(dialog.getByLabelText('Logo (optional)'), pngFile());
    await expect(await dialog.findByRole('img', { name: 'The logo chosen' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Create broker' }));
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent('Bayview Risk Partners was created: its storefront is open.'),
    );
    await expect(creating.calls).toEqual([
      'POST admin/brokers {"name":"Bayview Risk Partners","abbreviation":"BRP","clientUrl":"Bayview","specialityIds":[101,201]}',
      'PUT admin/brokers/13/logo',
    ]);
    await expect(
      await within(await table(canvas)).findByRole('rowheader', { name: 'Bayview Risk Partners (BRP)' }),
    ).toBeVisible();
  },
};

export const NothingFilledIn: Story = {
  name: 'New broker: nothing filled in, every field says what it needs',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'New broker' }));
    const dialog = within(await dialogNamed('New broker'));
    await userEvent.click(dialog.getByRole('button', { name: 'Create broker' }));
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Choose at least one speciality it sells')).toBeVisible();
    await expect(dialog.getByLabelText('Name')).toHaveFocus();
    await expect(standard.calls).toEqual([]);
  },
};

export const SaveRefused: Story = {
  name: 'Edit refused: the server’s message by the client URL field',
  ...withServer(
    adminHandlers({
      refuseSave: {
        status: 409,
        message: 'The client URL "lakeside" is already Lakeside’s',
        fields: { clientUrl: 'is already Lakeside’s' },
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Harbor Risk Partners' }));
    const dialog = within(await dialogNamed('Edit Harbor Risk Partners'));
    await expect(dialog.getByRole('checkbox', { name: 'Architects' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(await dialog.findByText('Client URL is already Lakeside’s')).toBeVisible();
    await expect(dialog.getByLabelText('Client URL')).toHaveFocus();
  },
};

export const LogoRefused: Story = {
  name: 'Logo refused: the broker is saved, the form stays open as its edit',
  ...withServer(
    adminHandlers({
      refuseLogo: {
        status: 415,
        message: 'The logo must be a PNG or JPEG image; this is an SVG drawing',
        fields: { logo: 'must be a PNG or JPEG image (this is an SVG drawing)' },
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'New broker' }));
    const dialog = within(await dialogNamed('New broker'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Bayview');
    await userEvent.type(dialog.getByLabelText('Abbreviation'), 'BV');
    await userEvent.type(dialog.getByLabelText('Client URL'), 'bayview');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dentists' }));
    await userEvent.upload(dialog.getByLabelText('Logo (optional)'), pngFile());
    await userEvent.click(dialog.getByRole('button', { name: 'Create broker' }));
    const edit = within(await dialogNamed('Edit Bayview'));
    await expect(edit.getByText('Logo must be a PNG or JPEG image (this is an SVG drawing)')).toBeVisible();
    await expect(edit.getByRole('alert')).toHaveTextContent('The broker was saved, but not its logo.');
    await expect(edit.getByRole('button', { name: 'Save changes' })).toBeVisible();
  },
};

const closing = adminHandlers();

export const CloseStorefront: Story = {
  name: 'Close a storefront: asked first, then closed and said',
  ...withServer(closing),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Close storefront of Harbor Risk Partners' }));
    const confirm = within(
      await within(document.body).findByRole('alertdialog', { name: 'Close Harbor Risk Partners’s storefront?' }),
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(confirm.getByRole('button', { name: 'Close the storefront' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Harbor Risk Partners’s storefront is closed'));
    await expect(closing.calls).toEqual(['PUT admin/brokers/1/active {"active":false}']);
    await expect(canvas.getByRole('button', { name: 'Reopen storefront of Harbor Risk Partners' })).toBeVisible();
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The brokers are unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the brokers. 503: The brokers are unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await table(canvas);
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withServer(adminHandlers({ pending: true })),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Loading the brokers…'));
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};
