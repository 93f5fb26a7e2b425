import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AdminRateTablesScreen from '@/screens/admin-rate-tables/admin-rate-tables-screen';
import { adaAdminStored, adminHandlers } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { storyLocation } from './support/story-navigation';

/**
 * The administrator's rate tables (src/screens/admin-rate-tables, src/machines/admin-rate-tables.machine.ts):
 * choose a speciality and state, see every version, change the prices as the next version, or
 * import a CSV (refused whole, naming the row and column).
 */
const standard = adminHandlers();

function withServer(server: ReturnType<typeof adminHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Rate tables',
  component: AdminRateTablesScreen,
  parameters: {
    route: '/admin/ratetables?specialityId=101&state=TX',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & {
    msw: unknown;
  },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminRateTablesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const versions = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('table', { name: 'Every version, newest first' });
const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;

export const Loaded: Story = {
  name: 'Loaded: the version in force, its prices, and every version',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(await versions(canvas))
      .getAllByRole('row')
      .slice(1);
    await expect(rows).toHaveLength(2);
    await expect(rows[0]).toHaveTextContent('2 (in force)');
    await expect(rows[0]).toHaveTextContent('ada.admin@practiceshield.example');
    await expect(rows[1]).toHaveTextContent('by the initial set-up');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Architects in Texas: version 2 in force' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Base premium ($ a year)')).toHaveValue('3000');
    await expect(canvas.getByLabelText('Tax rate (%)')).toHaveValue('4.85');
    await expect(canvas.getByLabelText('Speciality')).toHaveDisplayValue('Architects');
  },
};

export const Choosing: Story = {
  name: 'Nothing chosen yet: choose, and the address follows',
  parameters: { route: '/admin/ratetables' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Choose a speciality and a state to see its rate table.')).toBeVisible();
    // Only the states we sell in are offered.
    await expect(within(canvas.getByLabelText('State')).queryByRole('option', { name: 'Washington' })).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText('Speciality'), 'Dentists');
    await userEvent.selectOptions(canvas.getByLabelText('State'), 'Texas');
    await userEvent.click(canvas.getByRole('button', { name: 'Show the table' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/admin/ratetables?specialityId=201&state=TX'));
    await versions(canvas);
  },
};

const saving = adminHandlers();

export const SaveNewVersion: Story = {
  name: 'Prices changed: saved as version 3, now in force',
  ...withServer(saving),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await versions(canvas);
    const base = canvas.getByLabelText('Base premium ($ a year)');
    await userEvent.clear(base);
    await userEvent.type(base, '3150.50');
    await userEvent.click(canvas.getByRole('button', { name: 'Save as version 3' }));
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent(
        'Version 3 is in force: new quotes use it; quotes already made keep their version.',
      ),
    );
    await expect(saving.calls).toEqual([
      'POST admin/ratetables {"basePremiumCents":315050,"minPremiumCents":163800,"policyFeeCents":7500,"taxRateBps":485,"feeRateBps":18,"specialityId":101,"stateCode":"TX","basedOnVersion":2}',
    ]);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Save as version 4' })).toBeVisible());
  },
};

export const BadPrices: Story = {
  name: 'Bad prices: each field says what it needs, nothing sent',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await versions(canvas);
    await userEvent.clear(canvas.getByLabelText('Base premium ($ a year)'));
    await userEvent.type(canvas.getByLabelText('Base premium ($ a year)'), '12,50');
    await userEvent.clear(canvas.getByLabelText('Tax rate (%)'));
    await userEvent.type(canvas.getByLabelText('Tax rate (%)'), '120');
    await userEvent.click(canvas.getByRole('button', { name: 'Save as version 3' }));
    await expect(canvas.getByText('Base premium must be an amount in dollars, e.g. 1250 or 1250.50')).toBeVisible();
    await expect(canvas.getByText('Tax rate must be at most 100 %')).toBeVisible();
    await expect(canvas.getByLabelText('Base premium ($ a year)')).toHaveFocus();
    await expect(standard.calls).toEqual([]);
  },
};

const refusedImport = adminHandlers({
  refuseImport: {
    status: 400,
    message: 'The CSV was not imported: row 5, column factor_bps: must be a whole number of basis points',
    fields: { 'csv row 5 factor_bps': 'must be a whole number of basis points', 'csv row 9 code': 'is used twice' },
  },
});

export const ImportRefused: Story = {
  name: 'CSV with bad rows: refused whole, every problem named by row and column',
  ...withServer(refusedImport),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await versions(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload as a new version' }));
    await expect(canvas.getByText('Choose a CSV file to upload')).toBeVisible();
    await userEvent.upload(
      canvas.getByLabelText('CSV file'),
      new File(['kind,code,label,value\r\nlimit,1M/3M,x,abc\r\n'], 'rates.csv', { type: 'text/csv' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Upload as a new version' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('row 5, column factor_bps');
    await expect(alert).toHaveTextContent('csv row 9 code is used twice');
    await expect(refusedImport.calls[0]).toContain('"csv":"kind,code,label,value\\r\\nlimit,1M/3M,x,abc\\r\\n"');
    await expect(within(await versions(canvas)).getAllByRole('row')).toHaveLength(3);
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(adminHandlers({ failsOnce: { status: 503, message: 'The rating tables are unavailable.' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load this rate table. 503: The rating tables are unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await versions(canvas);
  },
};
