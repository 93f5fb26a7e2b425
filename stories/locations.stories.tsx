import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LocationsScreen from '@/screens/locations/locations-screen';
import { accountApi, boundMessage, LIST_DOWN_MESSAGE, locations, usStates } from './support/account-fixtures';
import { adaStored, authHandlers } from './support/auth-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The locations screen (src/screens/locations, on the shared record list of
 * src/components/account): Ada's locations, from an in-memory mock of the locations API
 * (stories/support/account-fixtures.ts) that keeps the server's rules: one primary, and a ZIP
 * that must lie in its state.
 */
const standard = accountApi({ locations });

const meta = {
  title: 'Screens/Locations',
  component: LocationsScreen,
  parameters: {
    route: '/locations',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...standard.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    standard.reset();
  },
} satisfies Meta<typeof LocationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

function withApi(api: ReturnType<typeof accountApi>): Pick<Story, 'parameters' | 'beforeEach'> {
  return { parameters: { msw: { handlers: [...authHandlers(), ...api.handlers] } }, beforeEach: api.reset };
}

async function loadedList(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('button', { name: 'Edit Main office' })).toBeVisible();
  return canvas;
}

function row(canvas: Canvas, heading: string) {
  return within(canvas.getByRole('heading', { level: 2, name: heading }).closest('li')!);
}

function announcer(canvasElement: HTMLElement) {
  return canvasElement.querySelector('[data-records-announcer]')!;
}

async function openAdd(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Add a location' }));
  const dialog = within(await canvas.findByRole('dialog', { name: 'Add a location' }));
  // The states are loaded with the screen: by now the select offers them.
  await waitFor(() => expect(dialog.getByRole('option', { name: 'Texas' })).toBeInTheDocument());
  return dialog;
}

async function fillAddress(
  dialog: Canvas,
  address: { title?: string; address1: string; city: string; state: string; zipcode: string },
) {
  if (address.title) await userEvent.type(dialog.getByLabelText('Title (optional)'), address.title);
  await userEvent.type(dialog.getByLabelText('Address line 1'), address.address1);
  await userEvent.type(dialog.getByLabelText('City'), address.city);
  await userEvent.selectOptions(dialog.getByLabelText('State'), address.state);
  await userEvent.type(dialog.getByLabelText('ZIP code'), address.zipcode);
}

export const Loaded: Story = {
  name: 'Loaded: three locations, the main office primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const screen = canvasElement.querySelector<HTMLElement>('[data-screen="locations"]')!;
    await expect(screen).toHaveClass('screen');
    await expect(within(screen).getByText('Your account')).toHaveClass('eyebrow');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const headings = within(screen).getAllByRole('heading', { level: 2 });
    await expect(headings.map((heading) => heading.textContent)).toEqual([
      'Main office',
      'Houston clinic',
      '101 Market St',
    ]);

    const main = row(canvas, 'Main office');
    await expect(main.getByText('Primary')).toBeVisible();
    await expect(main.getByText('500 Congress Ave')).toBeVisible();
    await expect(main.getByText('Suite 200')).toBeVisible();
    await expect(main.getByText('Austin, TX 78701')).toBeVisible();
    await expect(main.queryByRole('button', { name: /primary/ })).toBeNull();

    // Without a title the street address is the heading, and is not repeated under it.
    const market = row(canvas, '101 Market St');
    await expect(market.getAllByText('101 Market St', { ignore: 'script, style, .visually-hidden' })).toHaveLength(1);
    await expect(market.getByText('San Francisco, CA 94105')).toBeVisible();
    for (const name of ['Edit 101 Market St', 'Make 101 Market St primary', 'Delete 101 Market St']) {
      await expect(market.getByRole('button', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('button', { name: 'Make Houston clinic primary' })).toBeVisible();
    await expect(canvas.getByText('3 locations')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const none = accountApi({ locations: [] });

export const Empty: Story = {
  name: 'Empty: why locations matter, then the first one (primary)',
  ...withApi(none),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No locations yet')).toBeVisible();
    await expect(canvas.getByText(/Your primary location is the address your policy is rated at/)).toBeVisible();
    const dialog = await openAdd(canvas);
    const primary = dialog.getByRole('checkbox', { name: 'Make this the primary location' });
    await expect(primary).toBeChecked();
    await expect(primary).toBeDisabled();
    await fillAddress(dialog, {
      title: 'Main office',
      address1: '500 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save location' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Main office' })).toBeVisible();
    await expect(row(canvas, 'Main office').getByText('Primary')).toBeVisible();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Location added: Main office.'));
    await expect(none.locations()).toMatchObject([{ title: 'Main office', address2: null, isprimary: true }]);
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withApi(accountApi({ locations, pendingList: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your locations…')).toHaveAttribute('role', 'status');
    await expect(canvas.queryByRole('button', { name: 'Add a location' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  ...withApi(accountApi({ locations, failingLists: [1] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your locations. ${LIST_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loadedList(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const AddDialogOpen: Story = {
  name: 'Add dialog open',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await expect(dialog.getByLabelText('Title (optional)')).toHaveFocus();
    await expect(dialog.getByLabelText('Title (optional)')).toHaveAccessibleDescription(/for example Main office/);
    for (const label of ['Address line 1', 'City', 'State', 'ZIP code']) {
      await expect(dialog.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    await expect(dialog.getByLabelText('Address line 2 (optional)')).not.toHaveAttribute('aria-required');
    // Every state from insured/stateList, after a "Choose a state" that is where it starts.
    const state = dialog.getByRole('combobox', { name: 'State' });
    await expect(state).toHaveValue('');
    await expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a state', ...usStates.map((usState) => usState.name)]);
    await expect(dialog.getByRole('checkbox', { name: 'Make this the primary location' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Add a location' })).toHaveFocus();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors (nothing sent)',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('ZIP code'), '7870');
    await userEvent.click(dialog.getByRole('button', { name: 'Save location' }));
    const address1 = dialog.getByLabelText('Address line 1');
    await expect(address1).toHaveFocus();
    await expect(address1).toHaveAccessibleDescription('Address line 1 is required');
    await expect(dialog.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    await expect(dialog.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    await expect(dialog.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabelText('ZIP code')).toHaveAccessibleDescription(/ZIP code must be a 5-digit ZIP code/);
    await expect(standard.locations()).toHaveLength(3);
  },
};

export const ZipNotInState: Story = {
  name: 'Server refusal: the ZIP is in another state',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await fillAddress(dialog, {
      title: 'Bay Area office',
      address1: '1 Ferry Building',
      city: 'San Francisco',
      state: 'TX',
      zipcode: '94105',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save location' }));
    // The server's message on the ZIP field, which has focus; its words above the form too.
    const zip = dialog.getByLabelText('ZIP code');
    await waitFor(() => expect(zip).toHaveAccessibleDescription(/ZIP code is in California, not Texas/));
    await expect(zip).toHaveFocus();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toHaveTextContent(
      'We could not save this locationZIP code 94105 is in California, not Texas',
    );

    await userEvent.selectOptions(dialog.getByLabelText('State'), 'CA');
    await userEvent.click(dialog.getByRole('button', { name: 'Save location' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Bay Area office' })).toBeVisible();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Location added: Bay Area office.'));
    await expect(standard.locations().at(-1)).toMatchObject({ state: 'CA', zipcode: '94105', isprimary: false });
  },
};

export const EditLocation: Story = {
  name: 'Edit a location',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Houston clinic' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Edit location' }));
    await expect(dialog.getByLabelText('State')).toHaveValue('TX');
    await expect(dialog.getByLabelText('ZIP code')).toHaveValue('77002');
    await userEvent.type(dialog.getByLabelText('Address line 2 (optional)'), 'Floor 3');
    await userEvent.click(dialog.getByRole('button', { name: 'Save location' }));
    await expect(await row(canvas, 'Houston clinic').findByText('Floor 3')).toBeVisible();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Location updated: Houston clinic.'));
  },
};

export const EditPrimary: Story = {
  name: 'Edit the primary: it stays primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Main office' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Edit location' }));
    const primary = dialog.getByRole('checkbox', { name: 'Make this the primary location' });
    await expect(primary).toBeChecked();
    await expect(primary).toBeDisabled();
    await expect(primary).toHaveAccessibleDescription('To change the primary, make another location primary');
  },
};

export const MakePrimary: Story = {
  name: 'Make another location primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Make Houston clinic primary' }));
    await waitFor(() => expect(row(canvas, 'Houston clinic').getByText('Primary')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Make Main office primary' })).toBeVisible();
    await waitFor(() =>
      expect(announcer(canvasElement)).toHaveTextContent('Houston clinic is now your primary location.'),
    );
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit Houston clinic' })).toHaveFocus());
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Houston clinic',
      'Main office',
      '101 Market St',
    ]);
    await expect(standard.locations()[0]).toMatchObject({ title: 'Houston clinic', isprimary: true });
    await expect(standard.locations().filter((location) => location.isprimary)).toHaveLength(1);
  },
};

export const DeletePrimary: Story = {
  name: 'Delete the primary: the confirmation says another takes over',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Main office' }));
    const confirm = within(await canvas.findByRole('alertdialog', { name: 'Delete Main office?' }));
    await expect(
      confirm.getByText(
        /^Main office is your primary location\. Once it is deleted, Houston clinic becomes your primary location;/,
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(row(canvas, 'Houston clinic').getByText('Primary')).toBeVisible());
    await waitFor(() =>
      expect(announcer(canvasElement)).toHaveTextContent(
        'Location deleted: Main office. Houston clinic is now your primary location.',
      ),
    );
  },
};

const onBoundPolicy = accountApi({ locations, bound: [22] });

export const DeleteRefused: Story = {
  name: 'Delete refused (409: on a bound policy)',
  ...withApi(onBoundPolicy),
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Houston clinic' }));
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete Houston clinic?' });
    await expect(
      within(dialog).getByText('Houston clinic will be removed from your locations. This cannot be undone.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(boundMessage('location'));
    await expect(onBoundPolicy.locations()).toHaveLength(3);
  },
};

export const StatesUnavailable: Story = {
  name: 'The state list could not be loaded',
  ...withApi(accountApi({ locations, statesDown: true })),
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a location' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Add a location' }));
    await expect(await dialog.findByText('We could not load the list of states.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Load the states again' })).toBeVisible();
    await expect(within(dialog.getByLabelText('State')).getAllByRole('option')).toHaveLength(1);
  },
};
