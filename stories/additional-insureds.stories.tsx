import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdditionalInsuredsScreen from '@/screens/additional-insureds/additional-insureds-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  additionalInsuredsServer,
  captureDownloads,
  CERTIFICATE_FILE_NAME,
  client,
  completeOrder,
  dashboardHandlers,
  declinedOrder,
  downloads,
  draftOrder,
  landlord,
  lender,
  quotedOrder,
} from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { storyLocation } from './support/story-navigation';

/**
 * The additionally-insured screen (src/screens/additional-insureds, recordListMachine): the
 * people and organisations an order's policy also protects. Without `?submissionid=` it asks which
 * order; order 4217 is quoted (its list may change), order 5120 complete (frozen, with
 * certificates to download).
 */
const server = additionalInsuredsServer();
const OPEN = `/additionally-insured?submissionid=${quotedOrder.submissionId}`;
const COMPLETE = `/additionally-insured?submissionid=${completeOrder.submissionId}`;

const meta = {
  title: 'Screens/Additionally insured',
  component: AdditionalInsuredsScreen,
  parameters: {
    route: OPEN,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
  },
} satisfies Meta<typeof AdditionalInsuredsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The screen, once the route has rendered it. */
async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="additionally-insured"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function listItems(canvas: Canvas) {
  const region = await canvas.findByRole('region', { name: 'On this order' });
  return within(region).queryAllByRole('listitem');
}

async function itemNamed(canvas: Canvas, name: string) {
  const region = await canvas.findByRole('region', { name: 'On this order' });
  const heading = await within(region).findByRole('heading', { level: 3, name });
  return within(heading.closest('li')!);
}

async function openAdd(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Add an additional insured' }));
  return within(await canvas.findByRole('dialog', { name: 'Add an additional insured' }));
}

// ---------------------------------------------------------------------------------------------
// Choosing the order

export const ChooseOrder: Story = {
  name: 'Choose an order (no order in the address)',
  parameters: { route: '/additionally-insured' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose an order' }));
    const links = await picker.findAllByRole('link');
    // Open orders, and the complete one for its certificates; never the declined one.
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/additionally-insured?submissionid=${quotedOrder.submissionId}`,
      `/additionally-insured?submissionid=${draftOrder.submissionId}`,
      `/additionally-insured?submissionid=${completeOrder.submissionId}`,
    ]);
    await expect(links[0]).toHaveAccessibleName(`Architects Order ${quotedOrder.number} · Quoted: ready to buy`);
    await expect(picker.queryByText(new RegExp(declinedOrder.number))).toBeNull();
    await userEvent.click(links[0]!);
    await expect(await itemNamed(canvas, landlord.name)).toBeTruthy();
    await expect(storyLocation(canvasElement)).toBe(OPEN);
  },
};

export const ChooseOrderBranded: Story = {
  name: 'Choose an order (branded): the links stay in the client area',
  parameters: {
    route: `/client/additionally-insured/${HARBOR_RISK}`,
    msw: {
      handlers: [
        ...brokerHandlers(),
        ...catalogHandlers(),
        ...authHandlers(),
        ...dashboardHandlers(),
        ...server.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose an order' }));
    const [first] = await picker.findAllByRole('link');
    await expect(first).toHaveAttribute(
      'href',
      `/client/additionally-insured/${HARBOR_RISK}?submissionid=${quotedOrder.submissionId}`,
    );
  },
};

export const NotAnOrder: Story = {
  name: 'An address that names no order: choose one',
  parameters: { route: '/additionally-insured?submissionid=latest' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('That address does not name an order.');
    await expect(await canvas.findAllByRole('link', { name: /^Architects Order/ })).toHaveLength(2);
  },
};

export const NoOrders: Story = {
  name: 'No order to choose: get a quote',
  parameters: {
    route: '/additionally-insured',
    msw: {
      handlers: [
        ...authHandlers(),
        ...dashboardHandlers({ orders: [declinedOrder], openOrder: null }),
        ...server.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/you have no open order yet/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/specialities');
  },
};

// ---------------------------------------------------------------------------------------------
// An open order's list

export const Loaded: Story = {
  name: 'Loaded: an open order’s list',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(quotedOrder.number)).toBeVisible();
    const items = await listItems(canvas);
    await expect(items).toHaveLength(2);
    const first = await itemNamed(canvas, landlord.name);
    await expect(first.getByText('Landlord')).toBeVisible();
    await expect(first.getByText(landlord.email!)).toBeVisible();
    await expect(first.getByText('1200 Smith Street, Suite 400, Houston, TX 77002')).toBeVisible();
    await expect(first.getByRole('button', { name: `Edit ${landlord.name}` })).toBeVisible();
    await expect(first.getByRole('button', { name: `Remove ${landlord.name}` })).toBeVisible();
    // No certificates before the policy is issued.
    await expect(canvas.queryByRole('button', { name: /Download certificate/ })).toBeNull();
    const second = await itemNamed(canvas, client.name);
    await expect(second.getByText('Client')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose another order' })).toHaveAttribute(
      'href',
      '/additionally-insured',
    );
  },
};

const empty = additionalInsuredsServer({ initial: [] });

export const Empty: Story = {
  name: 'Empty',
  parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...empty.handlers] } },
  beforeEach: empty.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/No one is named on this order yet/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add an additional insured' })).toBeVisible();
  },
};

const pending = additionalInsuredsServer({ pendingList: true });

export const Loading: Story = {
  parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...pending.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the additional insureds…');
  },
};

const failingOnce = additionalInsuredsServer({ failListOnce: true });

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...failingOnce.handlers] } },
  beforeEach: failingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'We could not load the additional insureds of this order. 500: The database is unavailable.',
    );
    await expect(within(alert).getByRole('link', { name: 'Choose another order' })).toHaveAttribute(
      'href',
      '/additionally-insured',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await itemNamed(canvas, landlord.name)).toBeTruthy();
  },
};

export const AddDialog: Story = {
  name: 'Add dialog open',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openAdd(canvas);
    await expect(dialog.getByLabelText('Name')).toHaveFocus();
    await expect(dialog.getByLabelText('Relationship (optional)')).toBeVisible();
    await expect(dialog.getByLabelText('E-mail (optional)')).toBeVisible();
    const address = within(dialog.getByRole('group', { name: 'Address (optional)' }));
    await expect(address.getByLabelText('Street address (optional)')).toBeVisible();
    const state = address.getByLabelText('State (optional)');
    await expect(state.tagName).toBe('SELECT');
    await expect(within(state).getByRole('option', { name: 'Texas' })).toHaveValue('TX');
    await expect(dialog.getByRole('button', { name: 'Save additional insured' })).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors: no name, half an address',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openAdd(canvas);
    const address = within(dialog.getByRole('group', { name: 'Address (optional)' }));
    await userEvent.type(address.getByLabelText('City (optional)'), 'Houston');
    // Once part of the address is given, the rest of it is needed.
    await expect(address.getByLabelText('Street address')).toHaveAttribute('aria-required', 'true');
    await userEvent.click(dialog.getByRole('button', { name: 'Save additional insured' }));
    const name = dialog.getByLabelText('Name');
    await expect(name).toHaveAccessibleDescription(/Name is required$/);
    await expect(name).toHaveFocus();
    await expect(address.getByLabelText('Street address')).toHaveAccessibleDescription('Street address is required');
    await expect(address.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    await expect(address.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP code is required');
  },
};

export const ServerRefusal: Story = {
  name: 'Server refusal: a ZIP in another state',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('Name'), 'Empire Tower Owners');
    await userEvent.type(dialog.getByLabelText('Street address (optional)'), '350 Fifth Avenue');
    // With part of the address given, the rest of it is no longer optional.
    await userEvent.type(dialog.getByLabelText('City'), 'New York');
    await userEvent.selectOptions(dialog.getByLabelText('State'), 'TX');
    await userEvent.type(dialog.getByLabelText('ZIP code'), '10118');
    await userEvent.click(dialog.getByRole('button', { name: 'Save additional insured' }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not save this additional insured');
    await expect(alert).toHaveTextContent('Please check the additional insured’s details.');
    const zip = dialog.getByLabelText('ZIP code');
    await expect(zip).toHaveAccessibleDescription('ZIP code is not in TX');
    await waitFor(() => expect(zip).toHaveFocus());
    // Put right, it saves.
    await userEvent.selectOptions(dialog.getByLabelText('State'), 'NY');
    await userEvent.click(dialog.getByRole('button', { name: 'Save additional insured' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(await itemNamed(canvas, 'Empire Tower Owners')).toBeTruthy();
  },
};

export const Added: Story = {
  name: 'Added: announced, listed, focus back on Add',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('Name'), 'Memorial Hospital System');
    await userEvent.type(dialog.getByLabelText('Relationship (optional)'), 'Client');
    await userEvent.click(dialog.getByRole('button', { name: 'Save additional insured' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('Memorial Hospital System added.')).toHaveAttribute('role', 'status');
    await expect(await listItems(canvas)).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Add an additional insured' })).toHaveFocus();
  },
};

export const Edit: Story = {
  name: 'Edit: the dialog holds the record; saved, announced',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const item = await itemNamed(canvas, landlord.name);
    const edit = item.getByRole('button', { name: `Edit ${landlord.name}` });
    await userEvent.click(edit);
    const dialog = within(await canvas.findByRole('dialog', { name: 'Edit additional insured' }));
    await expect(dialog.getByLabelText('Name')).toHaveValue(landlord.name);
    await expect(dialog.getByLabelText('State')).toHaveValue('TX');
    const relationship = dialog.getByLabelText('Relationship (optional)');
    await userEvent.clear(relationship);
    await userEvent.type(relationship, 'Landlord (head lease)');
    await userEvent.click(dialog.getByRole('button', { name: 'Save additional insured' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText(`${landlord.name} updated.`)).toBeVisible();
    await expect((await itemNamed(canvas, landlord.name)).getByText('Landlord (head lease)')).toBeVisible();
    await expect(edit).toHaveFocus();
  },
};

export const RemoveConfirmation: Story = {
  name: 'Remove: confirmation, then removed',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const item = await itemNamed(canvas, client.name);
    await userEvent.click(item.getByRole('button', { name: `Remove ${client.name}` }));
    const confirm = within(await canvas.findByRole('alertdialog', { name: `Remove ${client.name}?` }));
    await expect(confirm.getByText(`They will no longer be named on order ${quotedOrder.number}.`)).toBeVisible();
    // The safe choice first.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(await canvas.findByText('Additional insured removed.')).toBeVisible();
    await expect(await listItems(canvas)).toHaveLength(1);
  },
};

const refusingDelete = additionalInsuredsServer({
  refuseDelete: 'The order is bound: its additional insureds can no longer change.',
});

export const RemoveRefused: Story = {
  name: 'Remove refused: the 409 in the confirmation',
  parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...refusingDelete.handlers] } },
  beforeEach: refusingDelete.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const item = await itemNamed(canvas, client.name);
    await userEvent.click(item.getByRole('button', { name: `Remove ${client.name}` }));
    const confirm = within(await canvas.findByRole('alertdialog', { name: `Remove ${client.name}?` }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await expect(await confirm.findByRole('alert')).toHaveTextContent(
      'The order is bound: its additional insureds can no longer change.',
    );
    await expect(await listItems(canvas)).toHaveLength(2);
  },
};

// ---------------------------------------------------------------------------------------------
// A complete order: frozen, with certificates

export const Certificates: Story = {
  name: 'Policy issued: no changes, certificates to download',
  parameters: { route: COMPLETE },
  beforeEach: captureDownloads,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByText(/Its policy has been issued, so the list can no longer change here/),
    ).toBeVisible();
    // Anyone else gets a certificate issued on demand, not a call to the broker.
    await expect(canvas.getByRole('link', { name: 'Certificates of insurance' })).toHaveAttribute(
      'href',
      '/certificates',
    );
    await expect(canvas.queryByText(/contact your broker/)).toBeNull();
    const item = await itemNamed(canvas, lender.name);
    await expect(canvas.queryByRole('button', { name: 'Add an additional insured' })).toBeNull();
    await expect(item.queryByRole('button', { name: /^Edit|^Remove/ })).toBeNull();
    await userEvent.click(item.getByRole('button', { name: `Download certificate naming ${lender.name}` }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toEqual({
      fileName: CERTIFICATE_FILE_NAME,
      type: 'application/pdf',
      size: expect.any(Number),
    });
    await expect(server.certificateRequests).toEqual([
      { submissionid: completeOrder.submissionId, additionalinsuredid: lender.id },
    ]);
    await waitFor(() =>
      expect(canvas.getByText(`The certificate naming ${lender.name} has been downloaded.`)).toHaveAttribute(
        'role',
        'status',
      ),
    );
  },
};

const refusingCertificate = additionalInsuredsServer({
  refuseCertificate: 'The order’s policy is not issued yet (quoted).',
});

export const CertificateRefused: Story = {
  name: 'Certificate refused: the reason beside the button',
  parameters: {
    route: COMPLETE,
    msw: { handlers: [...authHandlers(), ...dashboardHandlers(), ...refusingCertificate.handlers] },
  },
  beforeEach: () => {
    refusingCertificate.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const item = await itemNamed(canvas, lender.name);
    const button = item.getByRole('button', { name: /^Download certificate/ });
    await userEvent.click(button);
    const alert = await item.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'We could not produce the certificate. The order’s policy is not issued yet (quoted).',
    );
    await expect(button).toHaveAccessibleDescription(/not issued yet/);
    await expect(downloads).toHaveLength(0);
  },
};
