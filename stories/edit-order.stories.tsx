import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import EditOrderScreen from '@/screens/edit-order/edit-order-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  anchorageBranch,
  DALLAS_TOTAL,
  dallasOffice,
  EDIT_ORDER_ROUTE,
  editOrderWorld,
  HOUSTON_TOTAL,
  houstonOffice,
  ORDER_NUMBER,
  pendingEditOrderHandlers,
  type EditOrderWorldOptions,
} from './support/edit-order-fixtures';
import { SUBMISSION_ID } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The editorder screen (src/screens/edit-order, src/machines/edit-order.machine.ts): Ada's order
 * 4217 (Architects, quoted in Houston) with its named insured and its locations, against a small
 * in-memory server (stories/support/edit-order-fixtures.ts) that prices the order again whenever
 * its primary location moves. Every story starts signed in as Ada.
 */
const standard = editOrderWorld();

/** Handlers and a beforeEach for a story on its own order. */
function world(options: EditOrderWorldOptions) {
  const own = editOrderWorld(options);
  return {
    parameters: { msw: { handlers: [...authHandlers(), ...own.handlers] } },
    beforeEach: own.reset,
  };
}

const meta = {
  title: 'Screens/Edit order',
  component: EditOrderScreen,
  parameters: {
    route: EDIT_ORDER_ROUTE,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...standard.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof EditOrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const TITLE = `Edit order ${ORDER_NUMBER}: Architects`;
const fact = (canvas: Canvas, term: string) => canvas.getByText(term, { selector: 'dt' }).nextElementSibling;
const locations = (canvas: Canvas) => within(canvas.getByRole('group', { name: 'On this order' }));
const announcement = (canvasElement: HTMLElement) => canvasElement.querySelector('.edit-order__announcement')!;

async function loaded(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
}

async function updateLocations(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Update locations' }));
}

export const Loaded: Story = {
  name: 'Loaded: price, rating address, named insured and locations',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(HOUSTON_TOTAL));
    await expect(fact(canvas, 'Priced at')).toHaveTextContent('1200 Main St, Suite 300, Houston, TX 77002');
    await expect(fact(canvas, 'Status')).toHaveTextContent('Quoted: ready to buy');

    const insured = within(canvas.getByRole('region', { name: 'Named insured' }));
    await expect(insured.getByLabelText('First name')).toHaveValue('Ada');
    await expect(insured.getByLabelText('Last name')).toHaveValue('Lovelace');
    await expect(insured.getByLabelText(/^Company/)).toHaveValue('Lovelace Architects');
    await expect(insured.getByLabelText(/^Phone/)).toHaveValue('(512) 555-0142');
    await expect(insured.getByLabelText('Address line 1')).toHaveValue('1200 Main St');
    await expect(insured.getByLabelText(/^Address line 2/)).toHaveValue('Suite 300');
    await expect(insured.getByLabelText('City')).toHaveValue('Houston');
    await expect(insured.getByLabelText('State')).toHaveValue('TX');
    await expect(insured.getByLabelText('ZIP code')).toHaveValue('77002');
    await expect(
      insured.getByRole('checkbox', { name: 'Also update my saved location and contact' }),
    ).not.toBeChecked();

    const list = locations(canvas);
    const houston = list.getByRole('checkbox', { name: /Houston office/ });
    await expect(houston).toBeChecked();
    // The order's primary location is where it is priced; the insured's own primary is marked too.
    await expect(houston.closest('label')).toHaveTextContent('Houston officeRated hereYour primary location');
    await expect(list.getByRole('checkbox', { name: /Dallas office/ })).not.toBeChecked();
    await expect(list.getByRole('checkbox', { name: /Dallas office/ }).closest('label')).not.toHaveTextContent(
      'Rated here',
    );

    await expect(canvas.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/order/${SUBMISSION_ID}`,
    );
    await expect(canvas.getByRole('link', { name: 'Manage your locations' })).toHaveAttribute('href', '/locations');
    await expect(announcement(canvasElement)).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const LoadedBranded: Story = {
  name: 'Loaded (branded)',
  parameters: {
    route: `/client/editorder/${HARBOR_RISK}?submissionid=${SUBMISSION_ID}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...standard.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(canvas.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/client/order/${SUBMISSION_ID}/${HARBOR_RISK}`,
    );
    await expect(canvas.getByRole('link', { name: 'Manage your locations' })).toHaveAttribute(
      'href',
      `/client/locations/${HARBOR_RISK}`,
    );
  },
};

const dallasPrimary = world({
  saved: [
    { ...houstonOffice, isprimary: false },
    { ...dallasOffice, isprimary: true },
  ],
  onOrder: [],
});

export const Rerated: Story = {
  name: 'Update locations: priced again at the new primary location',
  ...dallasPrimary,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(fact(canvas, 'Priced at')).toHaveTextContent('ZIP 77002, TX');
    const list = locations(canvas);
    await userEvent.click(list.getByRole('checkbox', { name: /Houston office/ }));
    await userEvent.click(list.getByRole('checkbox', { name: /Dallas office/ }));
    await expect(list.getAllByText('Added when you update')).toHaveLength(2);
    await updateLocations(canvas);
    await waitFor(() =>
      expect(announcement(canvasElement)).toHaveTextContent(
        `Price updated: ${formatUsd(DALLAS_TOTAL)} (was ${formatUsd(HOUSTON_TOTAL)})`,
      ),
    );
    await expect(DALLAS_TOTAL).toBeLessThan(HOUSTON_TOTAL);
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(DALLAS_TOTAL));
    // The insured's primary location went on first, so the order is priced there.
    await waitFor(() => expect(fact(canvas, 'Priced at')).toHaveTextContent('2100 Ross Ave, Dallas, TX 75201'));
    await waitFor(() =>
      expect(
        locations(canvas)
          .getByRole('checkbox', { name: /Dallas office/ })
          .closest('label'),
      ).toHaveTextContent('Rated here'),
    );
    await expect(locations(canvas).getByRole('checkbox', { name: /Houston office/ })).toBeChecked();
    await expect(canvas.queryByText('Added when you update')).toBeNull();
    await expect(canvas.getByLabelText('ZIP code')).toHaveValue('75201');
  },
};

export const SavedWithoutRerating: Story = {
  name: 'Update locations: saved, price unchanged',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await userEvent.click(locations(canvas).getByRole('checkbox', { name: /Dallas office/ }));
    await expect(canvas.getByText('Added when you update')).toBeVisible();
    await updateLocations(canvas);
    await waitFor(() => expect(announcement(canvasElement)).toHaveTextContent('Locations saved'));
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(HOUSTON_TOTAL));
    await waitFor(() => expect(canvas.queryByText('Added when you update')).toBeNull());
    await expect(locations(canvas).getByRole('checkbox', { name: /Dallas office/ })).toBeChecked();
  },
};

export const NothingToUpdate: Story = {
  name: 'Update locations with nothing changed',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await updateLocations(canvas);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Nothing to update');
    await expect(alert).toHaveTextContent('These are already the order’s locations. Tick or untick a location first.');
    await expect(alert).toHaveFocus();
  },
};

export const KeepOneLocation: Story = {
  name: 'Update locations: at least one must stay',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await userEvent.click(locations(canvas).getByRole('checkbox', { name: /Houston office/ }));
    await expect(canvas.getByText('Taken off when you update')).toBeVisible();
    await updateLocations(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Keep at least one location');
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(HOUSTON_TOTAL));
  },
};

export const NoSavedLocations: Story = {
  name: 'Empty: no saved locations yet',
  ...world({ saved: [], onOrder: [] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const region = within(canvas.getByRole('region', { name: 'Locations on this order' }));
    await expect(region.getByText(/You have no saved locations yet/)).toBeVisible();
    await expect(region.getByRole('link', { name: 'your locations page' })).toHaveAttribute('href', '/locations');
    await expect(region.queryByRole('button', { name: 'Update locations' })).toBeNull();
    // Without a location the form starts from what the order is priced at.
    await expect(canvas.getByLabelText('Address line 1')).toHaveValue('');
    await expect(canvas.getByLabelText('ZIP code')).toHaveValue('77002');
    await expect(canvas.getByLabelText('State')).toHaveValue('TX');
  },
};

export const Loading: Story = {
  name: 'Loading',
  parameters: { msw: { handlers: [...authHandlers(), ...pendingEditOrderHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your order…')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit your order' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  ...world({ loadFailsOnce: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your order. 500: The order service is unavailable.');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit your order' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loaded(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

async function notFound(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
}

export const NotFound: Story = {
  name: 'Not found (404: someone else’s order, or none)',
  parameters: { route: '/editorder?submissionid=999' },
  play: async ({ canvasElement }) => notFound(within(canvasElement)),
};

export const NoOrderNumber: Story = {
  name: 'Not found (no order number in the address)',
  parameters: { route: '/editorder' },
  play: async ({ canvasElement }) => notFound(within(canvasElement)),
};

export const NotAnOrderNumber: Story = {
  name: 'Not found (an order number that is not one)',
  parameters: { route: '/editorder?submissionid=latest' },
  play: async ({ canvasElement }) => notFound(within(canvasElement)),
};

export const ValidationErrors: Story = {
  name: 'Named insured: the form’s own checks',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const firstName = canvas.getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.clear(canvas.getByLabelText('ZIP code'));
    await userEvent.type(canvas.getByLabelText('ZIP code'), '7700');
    await userEvent.selectOptions(canvas.getByLabelText('State'), '');
    await userEvent.click(canvas.getByRole('button', { name: 'Save named insured' }));
    await expect(await canvas.findByText('First name is required')).toBeVisible();
    await expect(canvas.getByText('ZIP code must be a 5-digit ZIP code')).toBeVisible();
    await expect(canvas.getByText('State is required')).toBeVisible();
    // Each message is tied to its field, and the first bad field has focus.
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('First name is required');
    await expect(canvas.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    await expect(firstName).toHaveFocus();
    await expect(announcement(canvasElement)).toBeEmptyDOMElement();
  },
};

export const ServerRefusal: Story = {
  name: 'Named insured: the server refuses a ZIP outside the state',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const zip = canvas.getByLabelText('ZIP code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '99501');
    await userEvent.click(canvas.getByRole('button', { name: 'Save named insured' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not save the named insured');
    await expect(alert).toHaveTextContent('ZIP 99501 is in Alaska, not TX');
    await waitFor(() => expect(zip).toHaveFocus());
    await expect(zip).toHaveAccessibleDescription('ZIP code is in Alaska, not TX');
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(HOUSTON_TOTAL));
  },
};

export const NamedInsuredRerated: Story = {
  name: 'Named insured: a new address prices the order again',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    const fill = async (label: string | RegExp, value: string) => {
      const field = canvas.getByLabelText(label);
      await userEvent.clear(field);
      if (value) await userEvent.type(field, value);
    };
    await fill('Address line 1', '2100 Ross Ave');
    await fill(/^Address line 2/, '');
    await fill('City', 'Dallas');
    await fill('ZIP code', '75201');
    await userEvent.click(canvas.getByRole('button', { name: 'Save named insured' }));
    await waitFor(() =>
      expect(announcement(canvasElement)).toHaveTextContent(
        `Price updated: ${formatUsd(DALLAS_TOTAL)} (was ${formatUsd(HOUSTON_TOTAL)})`,
      ),
    );
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(DALLAS_TOTAL));
    await waitFor(() => expect(fact(canvas, 'Priced at')).toHaveTextContent('2100 Ross Ave, Dallas, TX 75201'));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NotPriceable: Story = {
  name: 'Update locations: 422, not priced in that state',
  ...world({
    saved: [
      { ...anchorageBranch, isprimary: true },
      { ...houstonOffice, isprimary: false },
    ],
    onOrder: [],
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await userEvent.click(locations(canvas).getByRole('checkbox', { name: /Anchorage branch/ }));
    await updateLocations(canvas);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not update the locations');
    await expect(alert).toHaveTextContent(
      'We cannot price this order at that address. Architects cover is not offered in Alaska',
    );
    await expect(alert).toHaveFocus();
    await expect(fact(canvas, 'Price for the year')).toHaveTextContent(formatUsd(HOUSTON_TOTAL));
    // What was ticked stays ticked, to change and try again.
    await expect(locations(canvas).getByRole('checkbox', { name: /Anchorage branch/ })).toBeChecked();
  },
};

export const NoLongerEditable: Story = {
  name: 'Update locations: 409, the order moved on meanwhile',
  ...world({ approvedBeforeNextChange: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await userEvent.click(locations(canvas).getByRole('checkbox', { name: /Dallas office/ }));
    await updateLocations(canvas);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `This order can no longer be changed. Order ${ORDER_NUMBER} is approved: its locations can no longer change`,
    );
    // Loaded again: shown as it is now, without the forms.
    await waitFor(() => expect(fact(canvas, 'Status')).toHaveTextContent('approved'));
    await expect(canvas.getByText(/This order can no longer be changed here/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Update locations' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save named insured' })).toBeNull();
  },
};

export const Locked: Story = {
  name: 'An order past quoting: shown, not editable',
  ...world({ status: 'approved', onOrder: [houstonOffice, dallasOffice] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(canvas.getByText(/This order can no longer be changed here/)).toBeVisible();
    const region = within(canvas.getByRole('region', { name: 'Locations on this order' }));
    const items = region.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Houston officeRated here');
    await expect(items[1]).toHaveTextContent('Dallas office');
    await expect(canvas.getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Ada Lovelace');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** As the server answers a copy whose saved location was deleted: no link to it, and so no title. */
const oldClinic = {
  id: 777,
  locationId: null,
  title: null,
  address1: '9 Elm St',
  address2: null,
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  isprimary: false,
};

export const RemoveCopyConfirmation: Story = {
  name: 'Delete confirmation: a deleted location’s copy taken off the order',
  ...world({ copies: [oldClinic] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Also on this order' })).toBeVisible();
    await expect(canvas.getByText('9 Elm St, Houston, TX 77002')).toBeVisible();
    const remove = canvas.getByRole('button', { name: 'Remove from this order: 9 Elm St' });
    await userEvent.click(remove);
    const dialog = await canvas.findByRole('alertdialog', { name: 'Take this location off the order?' });
    await expect(dialog).toHaveTextContent(
      `9 Elm St, Houston, TX 77002 will no longer be covered by order ${ORDER_NUMBER}.`,
    );
    // The safe choice has focus first.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(remove).toHaveFocus();

    await userEvent.click(remove);
    await userEvent.click(within(await canvas.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(announcement(canvasElement)).toHaveTextContent('Locations saved'));
    await waitFor(() => expect(canvas.queryByText('9 Elm St, Houston, TX 77002')).toBeNull());
    await expect(canvas.queryByRole('heading', { name: 'Also on this order' })).toBeNull();
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
  },
};

export const ReloadFailed: Story = {
  name: 'Saved, but the reload failed: Try again',
  ...world({ reloadFailsAfterChange: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvas);
    await userEvent.click(locations(canvas).getByRole('checkbox', { name: /Dallas office/ }));
    await updateLocations(canvas);
    await waitFor(() => expect(announcement(canvasElement)).toHaveTextContent('Locations saved'));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the latest version of your order');
    await expect(alert).toHaveTextContent('503: The order service is busy. Try again in a moment.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(locations(canvas).getByRole('checkbox', { name: /Dallas office/ })).toBeChecked();
  },
};
