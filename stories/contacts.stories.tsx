import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContactsScreen from '@/screens/contacts/contacts-screen';
import { accountApi, boundMessage, contacts, LIST_DOWN_MESSAGE } from './support/account-fixtures';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The contacts screen (src/screens/contacts, the shared src/components/account/record-list-view.tsx
 * and src/machines/record-list.machine.ts): Ada's contacts, from an in-memory mock of the
 * contacts API (stories/support/account-fixtures.ts) that keeps the server's primary rules, so
 * adding, editing, making primary and deleting behave as they do for real.
 */
const standard = accountApi({ contacts });

const meta = {
  title: 'Screens/Contacts',
  component: ContactsScreen,
  parameters: {
    route: '/contacts',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...standard.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    standard.reset();
  },
} satisfies Meta<typeof ContactsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story with its own mock server (its own list, or failures). */
function withApi(api: ReturnType<typeof accountApi>): Pick<Story, 'parameters' | 'beforeEach'> {
  return { parameters: { msw: { handlers: [...authHandlers(), ...api.handlers] } }, beforeEach: api.reset };
}

async function loadedList(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('button', { name: 'Edit Ada Lovelace' })).toBeVisible();
  return canvas;
}

/** The list item of the record whose heading is `heading`. */
function row(canvas: Canvas, heading: string) {
  return within(canvas.getByRole('heading', { level: 2, name: heading }).closest('li')!);
}

function announcer(canvasElement: HTMLElement) {
  return canvasElement.querySelector('[data-records-announcer]')!;
}

async function openAdd(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Add a contact' }));
  return within(await canvas.findByRole('dialog', { name: 'Add a contact' }));
}

export const Loaded: Story = {
  name: 'Loaded: three contacts, Ada primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const screen = canvasElement.querySelector('[data-screen="contacts"]')!;
    await expect(screen).toHaveClass('screen');
    await expect(canvas.getByText('Your account')).toHaveClass('eyebrow');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    // Headings in order: the screen's h1, then one h2 per contact, title first.
    const headings = within(screen as HTMLElement).getAllByRole('heading', { level: 2 });
    await expect(headings.map((heading) => heading.textContent)).toEqual([
      'Dr Ada Lovelace',
      'Grace Hopper',
      'Mr Charles Babbage',
    ]);
    await expect(canvas.getByText('3 contacts')).toBeVisible();

    const ada = row(canvas, 'Dr Ada Lovelace');
    await expect(ada.getByText('Primary')).toBeVisible();
    await expect(ada.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:+15125550142');
    await expect(ada.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    await expect(ada.queryByRole('button', { name: /primary/ })).toBeNull();
    await expect(ada.getByRole('button', { name: 'Edit Ada Lovelace' })).toHaveTextContent('Edit');
    await expect(ada.getByRole('button', { name: 'Delete Ada Lovelace' })).toHaveTextContent('Delete');

    const grace = row(canvas, 'Grace Hopper');
    await expect(grace.queryByText('Primary')).toBeNull();
    // What shows is "Make primary"; the name is there for screen readers (and keeps the visible words in order).
    const makeGracePrimary = grace.getByRole('button', { name: 'Make Grace Hopper primary' });
    await expect(makeGracePrimary.querySelector('.visually-hidden')).toHaveTextContent('Grace Hopper');
    await expect(makeGracePrimary.textContent?.replace('Grace Hopper', '').replace(/\s+/g, ' ')).toBe('Make primary');
    await expect(grace.queryByRole('link', { name: /\(/ })).toBeNull();
    // A number from outside the US keeps its international form.
    await expect(row(canvas, 'Mr Charles Babbage').getByRole('link', { name: '+442079460958' })).toBeVisible();

    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const LoadedBranded: Story = {
  name: 'Loaded (branded)',
  parameters: {
    route: `/client/contacts/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...standard.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await expect(canvasElement.querySelector('[data-screen="contacts"]')).not.toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add a contact' })).toBeVisible();
  },
};

const none = accountApi({ contacts: [] });

export const Empty: Story = {
  name: 'Empty: why contacts matter, then the first one (primary)',
  ...withApi(none),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No contacts yet')).toBeVisible();
    await expect(canvas.getByText(/Your primary contact is the person we write to about your policy/)).toBeVisible();
    // One Add button, in the empty state.
    await expect(canvas.getAllByRole('button', { name: 'Add a contact' })).toHaveLength(1);

    const dialog = await openAdd(canvas);
    // The first contact is always the primary one: the box says so and cannot be cleared.
    const primary = dialog.getByRole('checkbox', { name: 'Make this the primary contact' });
    await expect(primary).toBeChecked();
    await expect(primary).toBeDisabled();
    await expect(primary).toHaveAccessibleDescription('Your first contact is always the primary one.');
    await userEvent.type(dialog.getByLabelText('First name'), 'Grace');
    await userEvent.type(dialog.getByLabelText('Last name'), 'Hopper');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));

    await expect(await canvas.findByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
    await expect(row(canvas, 'Grace Hopper').getByText('Primary')).toBeVisible();
    await expect(row(canvas, 'Grace Hopper').getByText('No e-mail address or phone number yet.')).toBeVisible();
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact added: Grace Hopper.'));
    await expect(canvas.getByText('1 contact')).toBeVisible();
    // The empty state's button went with it: focus is on the Add button that replaced it.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add a contact' })).toHaveFocus());
    await expect(none.contacts()).toMatchObject([{ firstname: 'Grace', isprimary: true }]);
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withApi(accountApi({ contacts, pendingList: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your contacts…')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add a contact' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  ...withApi(accountApi({ contacts, failingLists: [1] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your contacts. ${LIST_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loadedList(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const AddDialogOpen: Story = {
  name: 'Add dialog open (keyboard)',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const add = canvas.getByRole('button', { name: 'Add a contact' });
    const dialog = await openAdd(canvas);
    // Visible labels, the optional ones said so; focus starts on the first field.
    await expect(dialog.getByLabelText('Title (optional)')).toHaveFocus();
    await expect(dialog.getByLabelText('First name')).toHaveAttribute('aria-required', 'true');
    await expect(dialog.getByLabelText('Last name')).toHaveAttribute('aria-required', 'true');
    await expect(dialog.getByLabelText('E-mail (optional)')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabelText('Phone (optional)')).toHaveAccessibleDescription(
      /A US number needs no country code/,
    );
    const primary = dialog.getByRole('checkbox', { name: 'Make this the primary contact' });
    await expect(primary).not.toBeChecked();
    await expect(primary).toBeEnabled();
    // Tab wraps inside the dialog: from its last control to its first.
    const save = dialog.getByRole('button', { name: 'Save contact' });
    save.focus();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    // Escape closes it and puts focus back on the button that opened it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(add).toHaveFocus();
  },
};

export const AddContact: Story = {
  name: 'Add a contact',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('First name'), '  Katherine ');
    await userEvent.type(dialog.getByLabelText('Last name'), 'Johnson');
    await userEvent.type(dialog.getByLabelText('E-mail (optional)'), 'katherine@example.com');
    await userEvent.type(dialog.getByLabelText('Phone (optional)'), '512-555-0199');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));

    const katherine = within(
      (await canvas.findByRole('heading', { level: 2, name: 'Katherine Johnson' })).closest('li')!,
    );
    await expect(katherine.getByRole('link', { name: '(512) 555-0199' })).toBeVisible();
    await expect(katherine.queryByText('Primary')).toBeNull();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact added: Katherine Johnson.'));
    await expect(canvas.getByText('4 contacts')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a contact' })).toHaveFocus();
    // Trimmed and in E.164 on the server; Ada is still the primary.
    await expect(standard.contacts().at(-1)).toMatchObject({
      firstname: 'Katherine',
      contactnumber: '+15125550199',
      isprimary: false,
    });
    await expect(standard.contacts()[0]).toMatchObject({ firstname: 'Ada', isprimary: true });
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors (nothing sent)',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('E-mail (optional)'), 'katherine@');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));
    const first = dialog.getByLabelText('First name');
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toHaveAccessibleDescription('First name is required');
    await expect(dialog.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    await expect(dialog.getByLabelText('E-mail (optional)')).toHaveAccessibleDescription(
      'E-mail must be an e-mail address',
    );
    await expect(dialog.getByLabelText('Title (optional)')).not.toHaveAttribute('aria-invalid');
    await expect(standard.contacts()).toHaveLength(3);
    // Put right, the message goes as the field is fixed.
    await userEvent.type(first, 'Katherine');
    await expect(first).not.toHaveAttribute('aria-invalid');
  },
};

export const ServerRefusal: Story = {
  name: 'Server refusal (400 naming the phone), then fixed',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('First name'), 'Katherine');
    await userEvent.type(dialog.getByLabelText('Last name'), 'Johnson');
    const phone = dialog.getByLabelText('Phone (optional)');
    await userEvent.type(phone, '555');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));

    // The server's words inside the dialog, its field message on the field, and focus there.
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not save this contact');
    await expect(alert).toHaveTextContent('555 is not a phone number we can call');
    await expect(alert).not.toHaveTextContent('400');
    await waitFor(() => expect(phone).toHaveFocus());
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/Phone is not a valid phone number/);
    await expect(canvas.getByRole('dialog', { name: 'Add a contact' })).toBeVisible();

    await userEvent.clear(phone);
    await userEvent.type(phone, '(512) 555-0199');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Katherine Johnson' })).toBeVisible();
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(standard.contacts()).toHaveLength(4);
  },
};

export const EditContact: Story = {
  name: 'Edit a contact',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const edit = canvas.getByRole('button', { name: 'Edit Grace Hopper' });
    await userEvent.click(edit);
    const dialog = within(await canvas.findByRole('dialog', { name: 'Edit contact' }));
    await expect(dialog.getByLabelText('First name')).toHaveValue('Grace');
    const email = dialog.getByLabelText('E-mail (optional)');
    await expect(email).toHaveValue('grace.hopper@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@navy.example');
    await userEvent.type(dialog.getByLabelText('Title (optional)'), 'Rear Admiral');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));

    const grace = within(
      (await canvas.findByRole('heading', { level: 2, name: 'Rear Admiral Grace Hopper' })).closest('li')!,
    );
    await expect(grace.getByRole('link', { name: 'grace@navy.example' })).toBeVisible();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact updated: Grace Hopper.'));
    await expect(edit).toHaveFocus();
    await expect(standard.contacts()).toHaveLength(3);
  },
};

export const EditPrimary: Story = {
  name: 'Edit the primary: it stays primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Edit contact' }));
    await expect(dialog.getByLabelText('Title (optional)')).toHaveValue('Dr');
    // Shown as people read it.
    await expect(dialog.getByLabelText('Phone (optional)')).toHaveValue('(512) 555-0142');
    const primary = dialog.getByRole('checkbox', { name: 'Make this the primary contact' });
    await expect(primary).toBeChecked();
    await expect(primary).toBeDisabled();
    await expect(primary).toHaveAccessibleDescription('To change the primary, make another contact primary');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact updated: Ada Lovelace.'));
    await expect(standard.contacts()[0]).toMatchObject({ contactnumber: '+15125550142', isprimary: true });
  },
};

export const MakePrimary: Story = {
  name: 'Make another contact primary',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Make Grace Hopper primary' }));
    // No dialog: the contact's own values go with isprimary true.
    await waitFor(() => expect(row(canvas, 'Grace Hopper').getByText('Primary')).toBeVisible());
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(row(canvas, 'Dr Ada Lovelace').queryByText('Primary')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Make Ada Lovelace primary' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Make Grace Hopper primary' })).toBeNull();
    await waitFor(() =>
      expect(announcer(canvasElement)).toHaveTextContent('Grace Hopper is now your primary contact.'),
    );
    // Its button went with the switch: focus stays on the same contact.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit Grace Hopper' })).toHaveFocus());
    // The list now starts with the new primary, as the server orders it.
    const headings = canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(headings).toEqual(['Grace Hopper', 'Dr Ada Lovelace', 'Mr Charles Babbage']);
    await expect(standard.contacts()[0]).toMatchObject({
      firstname: 'Grace',
      email: 'grace.hopper@example.com',
      isprimary: true,
    });
    await expect(standard.contacts().filter((contact) => contact.isprimary)).toHaveLength(1);
  },
};

const REFUSAL = 'The contact was changed meanwhile: reload it and try again';

export const MakePrimaryRefused: Story = {
  name: 'Make primary refused: said beside the list, no dialog, nothing changed',
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/weborder/insured/saveupdatecontact', () =>
          HttpResponse.json({ status: 409, message: REFUSAL }, { status: 409 }),
        ),
        ...authHandlers(),
        ...standard.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Make Grace Hopper primary' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not make Grace Hopper your primary contact. ${REFUSAL}`);
    await expect(canvas.queryByRole('dialog')).toBeNull();
    // Nothing moved: Ada is still the primary, Grace can still be made primary.
    await expect(row(canvas, 'Dr Ada Lovelace').getByText('Primary')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Make Grace Hopper primary' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expect(standard.contacts().find((contact) => contact.isprimary)).toMatchObject({ firstname: 'Ada' });
  },
};

export const DeleteConfirmation: Story = {
  name: 'Delete: confirm, or cancel',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const remove = canvas.getByRole('button', { name: 'Delete Grace Hopper' });
    await userEvent.click(remove);
    let confirm = within(await canvas.findByRole('alertdialog', { name: 'Delete Grace Hopper?' }));
    await expect(
      confirm.getByText('Grace Hopper will be removed from your contacts. This cannot be undone.'),
    ).toBeVisible();
    // The safe choice has focus first.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(remove).toHaveFocus();
    await expect(standard.contacts()).toHaveLength(3);

    await userEvent.click(remove);
    confirm = within(await canvas.findByRole('alertdialog', { name: 'Delete Grace Hopper?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeNull());
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact deleted: Grace Hopper.'));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add a contact' })).toHaveFocus());
    await expect(canvas.getByText('2 contacts')).toBeVisible();
  },
};

export const DeletePrimary: Story = {
  name: 'Delete the primary: another one takes over',
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Ada Lovelace' }));
    const confirm = within(await canvas.findByRole('alertdialog', { name: 'Delete Ada Lovelace?' }));
    await expect(
      confirm.getByText(
        'Ada Lovelace is your primary contact. Once it is deleted, Grace Hopper becomes your primary contact; you can make another one primary afterwards.',
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(row(canvas, 'Grace Hopper').getByText('Primary')).toBeVisible());
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Dr Ada Lovelace' })).toBeNull();
    await waitFor(() =>
      expect(announcer(canvasElement)).toHaveTextContent(
        'Contact deleted: Ada Lovelace. Grace Hopper is now your primary contact.',
      ),
    );
  },
};

const onBoundPolicy = accountApi({ contacts, bound: [12] });

export const DeleteRefused: Story = {
  name: 'Delete refused (409: on a bound policy)',
  ...withApi(onBoundPolicy),
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Grace Hopper' }));
    const dialog = await canvas.findByRole('alertdialog', { name: 'Delete Grace Hopper?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The server's reason, inside the confirmation, which stays open.
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(boundMessage('contact'));
    await expect(alert).not.toHaveTextContent('409');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
    await expect(onBoundPolicy.contacts()).toHaveLength(3);
  },
};

export const DeleteAlreadyGone: Story = {
  name: 'Delete something another tab deleted (404): the list catches up',
  ...withApi(accountApi({ contacts, deletedElsewhere: [13] })),
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Charles Babbage' }));
    const confirm = within(await canvas.findByRole('alertdialog', { name: 'Delete Charles Babbage?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { level: 2, name: 'Mr Charles Babbage' })).toBeNull());
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(announcer(canvasElement)).toHaveTextContent('Contact deleted: Charles Babbage.'));
  },
};

export const RefreshFailed: Story = {
  name: 'Saved, but the list could not be refreshed: Try again',
  ...withApi(accountApi({ contacts, failingLists: [2] })),
  play: async ({ canvasElement }) => {
    const canvas = await loadedList(canvasElement);
    const dialog = await openAdd(canvas);
    await userEvent.type(dialog.getByLabelText('First name'), 'Katherine');
    await userEvent.type(dialog.getByLabelText('Last name'), 'Johnson');
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `We could not refresh your contacts, so this list may be out of date. ${LIST_DOWN_MESSAGE}`,
    );
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Katherine Johnson' })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};
