import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminQuestionsScreen from '@/screens/admin-questions/admin-questions-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * A speciality's question set (src/screens/admin-questions, src/machines/admin-questions.machine.ts):
 * in the order asked, with effects and conditions; added in a dialog, moved, retired.
 */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Questions',
  component: AdminQuestionsScreen,
  parameters: {
    route: '/admin/specialities/101/questions',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminQuestionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;
const items = (canvasElement: HTMLElement) => [
  ...canvasElement.querySelectorAll<HTMLElement>('ol.admin__questions > li'),
];

export const Loaded: Story = {
  name: 'Loaded: in order, with effects, conditions and a retired question',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Architects: questions' });
    const [first, second, third] = items(canvasElement);
    await expect(first).toHaveTextContent('Effects: Yes: +10 %, refers');
    await expect(second).toHaveTextContent('shown when arc_public_buildings is yes');
    await expect(third).toHaveTextContent('Retired');
    await expect(within(third!).getByRole('button', { name: 'Ask again: arc_old_question' })).toBeVisible();
    await expect(within(first!).getByRole('button', { name: 'Move up: arc_public_buildings' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

const adding = adminHandlers();

export const AddQuestion: Story = {
  name: 'New question: a choice with effects, shown after an earlier answer',
  ...withServer(adding),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New question' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'New question' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add question' }));
    await expect(dialog.getByText(/^Code must start with a letter/)).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Code'), 'arc_public_kind');
    await userEvent.selectOptions(dialog.getByLabelText('Type'), 'select');
    await userEvent.type(dialog.getByLabelText('Question', { exact: true }), 'Which public buildings?');
    const first = within(dialog.getByRole('group', { name: 'Option 1' }));
    await userEvent.type(first.getByLabelText('Value'), 'schools');
    await userEvent.type(first.getByLabelText('Label'), 'Schools');
    await userEvent.type(first.getByLabelText(/^Price change/), '5');
    const second = within(dialog.getByRole('group', { name: 'Option 2' }));
    await userEvent.type(second.getByLabelText('Value'), 'hospitals');
    await userEvent.type(second.getByLabelText('Label'), 'Hospitals');
    await userEvent.click(second.getByLabelText('Refers to an underwriter'));
    // Only active choice questions asked earlier may be named.
    await expect(
      within(dialog.getByLabelText(/^Show only when/)).queryByRole('option', { name: /arc_old_question/ }),
    ).toBeNull();
    await userEvent.selectOptions(dialog.getByLabelText(/^Show only when/), 'arc_public_buildings');
    await userEvent.click(dialog.getByRole('button', { name: 'Add question' }));
    await expect(dialog.getByText('Choose the answers that show this question')).toBeVisible();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Yes' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('arc_public_kind was saved'));
    await expect(adding.calls).toEqual([
      'POST admin/specialities/101/questions {"code":"arc_public_kind","type":"select","text":"Which public buildings?","helpText":null,"required":true,"options":[{"value":"schools","label":"Schools","modifierBps":500},{"value":"hospitals","label":"Hospitals","referral":true}],"condition":{"questionCode":"arc_public_buildings","anyOf":["yes"]}}',
    ]);
  },
};

const refused = adminHandlers({
  refuseSave: {
    status: 400,
    message: 'Two options have the same value',
    fields: { options: 'must not repeat a value' },
  },
});

export const Refused: Story = {
  name: 'New question refused: the server’s reason by the options',
  ...withServer(refused),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New question' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'New question' }));
    await userEvent.type(dialog.getByLabelText('Code'), 'arc_kind');
    await userEvent.selectOptions(dialog.getByLabelText('Type'), 'multiselect');
    await userEvent.type(dialog.getByLabelText('Question', { exact: true }), 'Kinds?');
    for (const name of ['Option 1', 'Option 2']) {
      const option = within(dialog.getByRole('group', { name }));
      await userEvent.type(option.getByLabelText('Value'), 'same');
      await userEvent.type(option.getByLabelText('Label'), 'Same');
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Add question' }));
    await expect(await dialog.findByText('Options must not repeat a value')).toBeVisible();
  },
};

const moving = adminHandlers();

export const Move: Story = {
  name: 'Move down: the new order saved and shown',
  ...withServer(moving),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Move down: arc_public_count' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('arc_public_count was moved.'));
    await expect(moving.calls).toEqual(['PUT admin/specialities/101/questions/order {"ids":[1,3,2]}']);
    await expect(items(canvasElement)[2]).toHaveTextContent('arc_public_count');
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The questions are unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the questions. 503: The questions are unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await canvas.findByRole('heading', { level: 1, name: 'Architects: questions' });
  },
};
