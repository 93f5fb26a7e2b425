import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminAuditScreen from '@/screens/admin-audit/admin-audit-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { storyLocation } from './support/story-navigation';

/** The audit log (src/screens/admin-audit, src/machines/admin-audit.machine.ts): every administrative change, newest first. */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Audit log',
  component: AdminAuditScreen,
  parameters: {
    route: '/admin/audit',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminAuditScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const log = (canvas: ReturnType<typeof within>) => canvas.findByRole('table', { name: 'Changes, newest first' });
const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;

export const Loaded: Story = {
  name: 'Loaded: who, when, what, and what it changed, in words',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(await log(canvas))
      .getAllByRole('row')
      .slice(1);
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveTextContent('New rate table version');
    await expect(rows[0]).toHaveTextContent('1 → 2');
    await expect(rows[0]).toHaveTextContent('changed: basePremiumCents 273000 → 300000');
    await expect(rows[1]).toHaveTextContent('role insured; brokerId none → role broker; brokerId 1');
    await expect(rows[4]).toHaveTextContent('A removed user');
    await expect(status(canvasElement)).toHaveTextContent('Changes 1 to 5, newest first.');
  },
};

export const ByRecord: Story = {
  name: 'Narrowed to one broker, kept in the address',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await log(canvas);
    await userEvent.selectOptions(canvas.getByLabelText('Kind of record'), 'broker');
    await userEvent.type(canvas.getByLabelText('Record number (optional)'), '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/admin/audit?entity=broker&entityId=1'));
    await waitFor(() =>
      expect(within(canvas.getByRole('table', { name: 'Changes, newest first' })).getAllByRole('row')).toHaveLength(3),
    );
    await expect(status(canvasElement)).toHaveTextContent('Changes 1 to 2, newest first.');
  },
};

export const Nothing: Story = {
  name: 'Nothing recorded for a record',
  parameters: { route: '/admin/audit?entity=user&entityId=999' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('No change recorded.'));
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The audit log is unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the audit log. 503: The audit log is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await log(canvas);
  },
};
