import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminCatalogScreen from '@/screens/admin-catalog/admin-catalog-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The catalogue (src/screens/admin-catalog, src/machines/admin-catalog.machine.ts):
 * categories and specialities, created in dialogs, retired (asked first) or put back on sale.
 */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Specialities',
  component: AdminCatalogScreen,
  parameters: {
    route: '/admin/specialities',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminCatalogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;

export const Loaded: Story = {
  name: 'Loaded: by category, where each is priced, a retired one marked',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'Design & construction' });
    const architects = canvas.getByRole('row', { name: /Architects/ });
    await expect(architects).toHaveTextContent('CA, TX');
    await expect(architects).toHaveTextContent('DUW6Y4E7');
    const surveyors = canvas.getByRole('row', { name: /Land surveyors/ });
    await expect(surveyors).toHaveTextContent('Retired');
    await expect(surveyors).toHaveTextContent('Nowhere yet: no rate table');
    await expect(within(surveyors).getByRole('button', { name: 'Put back on sale: Land surveyors' })).toBeVisible();
  },
};

const creating = adminHandlers();

export const NewSpeciality: Story = {
  name: 'New speciality: priced and asked like another, then listed',
  ...withServer(creating),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New speciality' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'New speciality' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create speciality' }));
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await userEvent.selectOptions(dialog.getByLabelText('Category'), 'Healthcare');
    await userEvent.type(dialog.getByLabelText('Name'), 'Veterinarians');
    await userEvent.selectOptions(dialog.getByLabelText(/^Start from/), 'Dentists');
    await userEvent.click(dialog.getByRole('button', { name: 'Create speciality' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Veterinarians was saved.'));
    await expect(creating.calls).toEqual([
      'POST admin/specialities {"categoryId":2,"name":"Veterinarians","description":"","sortOrder":0,"copyFrom":201}',
    ]);
    await expect(await canvas.findByRole('row', { name: /Veterinarians/ })).toHaveTextContent('TX');
  },
};

export const NameTaken: Story = {
  name: 'New category refused: the name is taken, said by the field',
  ...withServer(
    adminHandlers({
      refuseSave: {
        status: 409,
        message: 'A category "Healthcare" already exists',
        fields: { name: 'is already taken' },
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New category' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'New category' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'healthcare');
    await userEvent.click(dialog.getByRole('button', { name: 'Create category' }));
    await expect(await dialog.findByText('Name is already taken')).toBeVisible();
    await expect(dialog.getByLabelText('Name')).toHaveFocus();
  },
};

const retiring = adminHandlers();

export const Retire: Story = {
  name: 'Retire: asked first, then marked retired',
  ...withServer(retiring),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retire Architects' }));
    const confirm = within(await within(document.body).findByRole('alertdialog', { name: 'Retire Architects?' }));
    await expect(confirm.getByText(/Its 12 orders carry on as they are/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Retire it' }));
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent(
        'Architects is retired: no longer sold; its orders and policies carry on.',
      ),
    );
    await expect(retiring.calls).toEqual(['PUT admin/specialities/101/active {"active":false}']);
    await expect(await canvas.findByRole('button', { name: 'Put back on sale: Architects' })).toBeVisible();
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The catalogue is unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the catalogue. 503: The catalogue is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await canvas.findByRole('heading', { level: 2, name: 'Healthcare' });
  },
};
