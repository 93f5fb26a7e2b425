import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import UnderwritingQueueScreen from '@/screens/underwriting-queue/underwriting-queue-screen';
import { HARBOR_RISK } from './support/catalog-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo, storyLocation } from './support/story-navigation';
import {
  adaItem,
  charlesItem,
  deskAuthHandlers,
  graceStored,
  maryItem,
  pendingQueueHandlers,
  QUEUE_DOWN_MESSAGE,
  REFERRED_CHANGES_WAITING,
  queueHandlers,
} from './support/underwriting-fixtures';

/**
 * The underwriter's queue (src/screens/underwriting-queue, src/machines/underwriting-queue.machine.ts):
 * three orders waiting, oldest first, filtered by broker, speciality and status, the filters kept
 * in the address. Every story starts signed in as Grace Hopper, an underwriter.
 */
const standard = queueHandlers();

/** Handlers and a beforeEach for a story with its own queue server. */
function withQueue(server: ReturnType<typeof queueHandlers>) {
  return { parameters: { msw: { handlers: [...deskAuthHandlers(), ...server.handlers] } }, beforeEach: server.reset };
}

const meta = {
  title: 'Desk/Underwriting queue',
  component: UnderwritingQueueScreen,
  parameters: {
    route: '/underwriting',
    session: graceStored,
    msw: { handlers: [...deskAuthHandlers(), ...standard.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof UnderwritingQueueScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const table = async (canvas: Canvas) => canvas.findByRole('table', { name: 'Orders waiting, oldest first' });
/** The table's body rows, each headed by its order number. */
const rows = (tableElement: HTMLElement) => within(tableElement).getAllByRole('row').slice(1);
const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.desk__status')!;

export const Loading: Story = {
  parameters: { msw: { handlers: [...deskAuthHandlers(), ...pendingQueueHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Underwriting desk' })).toBeVisible();
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Loading the queue…'));
    await expect(status(canvasElement)).toHaveAttribute('role', 'status');
    await expect(canvas.queryByRole('table')).toBeNull();
    // The filters are there from the start, each labelled, "any" chosen.
    await expect(canvas.getByLabelText('Broker')).toHaveDisplayValue('Any broker');
    await expect(canvas.getByLabelText('Speciality')).toHaveDisplayValue('Any speciality');
    await expect(canvas.getByLabelText('Status')).toHaveDisplayValue('Any status');
    // The other desks, from its lead.
    await expect(canvas.getByRole('link', { name: 'claims desk' })).toHaveAttribute('href', '/underwriting/claims');
    // The referred changes load apart from the queue: their link says how many wait.
    await expect(
      await canvas.findByRole('link', { name: `referred changes (${REFERRED_CHANGES_WAITING} waiting)` }),
    ).toHaveAttribute('href', '/underwriting/endorsements');
  },
};

export const List: Story = {
  name: 'List: every order waiting, oldest first',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await table(canvas);
    const headers = within(list).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent)).toEqual([
      'Order',
      'Insured',
      'Speciality',
      'Broker',
      'State',
      'Premium',
      'Status',
      'Waiting since',
      'Reasons',
    ]);
    for (const header of headers) await expect(header).toHaveAttribute('scope', 'col');
    const body = rows(list);
    await expect(body.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      adaItem.number,
      charlesItem.number,
      maryItem.number,
    ]);

    const ada = within(body[0]!);
    await expect(ada.getByRole('rowheader')).toHaveAttribute('scope', 'row');
    await expect(ada.getByRole('link', { name: adaItem.number })).toHaveAttribute(
      'href',
      `/underwriting/${adaItem.submissionId}`,
    );
    const cells = ada.getAllByRole('cell').map((cell) => cell.textContent);
    await expect(cells.slice(0, 6)).toEqual([
      'Ada LovelaceLovelace Architects',
      'Architects',
      'Harbor Risk Partners',
      'TX',
      formatUsd(adaItem.premiumCents!),
      'Referred: awaiting review',
    ]);
    await expect(cells[6]).toMatch(/^3 days ago \(/);
    await expect(ada.getAllByRole('cell')[6]!.querySelector('time')).toHaveAttribute('datetime', adaItem.waitingSince);
    await expect(
      within(ada.getAllByRole('cell')[7]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Prior claims', 'Premium above the automatic authority']);
    // The details of a reason are for the review, not the list.
    await expect(ada.queryByText(/2 claims in the last 5 years/)).toBeNull();

    const charles = within(body[1]!);
    await expect(charles.getByText('Waiting on the insured')).toBeVisible();
    await expect(charles.getByText('yesterday')).toBeVisible();
    const mary = within(body[2]!);
    await expect(mary.getByText('Not priced')).toBeVisible();
    await expect(mary.getByText('None recorded')).toBeVisible();
    await expect(mary.getByText('5 hours ago')).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent('3 orders are waiting.');
  },
};

export const HeaderLink: Story = {
  name: 'Header: the desk link for an underwriter',
  play: async ({ canvasElement }) => {
    const nav = within(await within(canvasElement).findByRole('navigation', { name: 'Account' }));
    await expect(await nav.findByRole('link', { name: 'Underwriting desk' })).toHaveAttribute('href', '/underwriting');
  },
};

export const OpenReview: Story = {
  name: 'Open an order: its review, the filters riding along',
  parameters: { route: '/underwriting?brokerId=3' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.click(canvas.getByRole('link', { name: adaItem.number }));
    const { href } = await navigatedTo(canvasElement);
    await expect(href).toBe(`/underwriting/${adaItem.submissionId}?brokerId=3`);
  },
};

export const Filtered: Story = {
  name: 'Filtered: from the address',
  parameters: { route: '/underwriting?brokerId=5&status=missing_info' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await table(canvas);
    await expect(rows(list).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([charlesItem.number]);
    await expect(canvas.getByLabelText('Broker')).toHaveDisplayValue('Gulf Coast Brokers');
    await expect(canvas.getByLabelText('Status')).toHaveDisplayValue('Waiting on the insured');
    await expect(canvas.getByLabelText('Speciality')).toHaveDisplayValue('Any speciality');
    await expect(status(canvasElement)).toHaveTextContent('1 order matches the filters.');
    await expect(standard.asked).toEqual(['brokerId=5&status=missing_info']);
    // Every broker and speciality waiting stays offered, not only those of the rows shown.
    await expect(
      within(canvas.getByLabelText('Broker'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any broker', 'Harbor Risk Partners', 'Gulf Coast Brokers']);
  },
};

export const ChooseFilters: Story = {
  name: 'Filtered: choosing, the address following',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvas);
    await userEvent.selectOptions(canvas.getByLabelText('Speciality'), 'Architects');
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/underwriting?specialityId=101'));
    await waitFor(() => expect(rows(canvas.getByRole('table')).length).toBe(2));
    await userEvent.selectOptions(canvas.getByLabelText('Broker'), 'Gulf Coast Brokers');
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/underwriting?specialityId=101&brokerId=5'));
    await waitFor(() =>
      expect(rows(canvas.getByRole('table')).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
        maryItem.number,
      ]),
    );
    await expect(standard.asked).toEqual(['', 'specialityId=101', 'specialityId=101&brokerId=5']);
    // Clear filters: back to the whole queue, and to the bare address.
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/underwriting'));
    await waitFor(() => expect(rows(canvas.getByRole('table')).length).toBe(3));
    await expect(canvas.getByLabelText('Broker')).toHaveDisplayValue('Any broker');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // The button went with the filters: the keyboard is at the first filter, not lost.
    await expect(document.activeElement).toBe(canvas.getByLabelText('Broker'));
  },
};

export const Empty: Story = {
  name: 'Empty: nothing waiting',
  ...withQueue(queueHandlers({ items: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nothing is waiting: every referred order has been decided.')).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent('No orders are waiting on the desk.');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};

export const EmptyFiltered: Story = {
  name: 'Empty: nothing matches the filters',
  parameters: { route: '/underwriting?brokerId=3&status=application_under_review' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Nothing waiting matches these filters/)).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent('No orders match these filters.');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(rows(await table(canvas))).toHaveLength(3);
  },
};

export const Failure: Story = {
  name: 'Failure, then Try again',
  ...withQueue(queueHandlers({ failOnce: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load the queue. 503: ${QUEUE_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(rows(await table(canvas))).toHaveLength(3);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Branded: Story = {
  name: 'In a broker’s client area',
  parameters: {
    route: `/client/underwriting/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...deskAuthHandlers(), ...standard.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await table(canvas);
    await expect(within(list).getByRole('link', { name: adaItem.number })).toHaveAttribute(
      'href',
      `/client/underwriting/${adaItem.submissionId}/${HARBOR_RISK}`,
    );
    const nav = within(canvas.getByRole('navigation', { name: 'Account' }));
    await expect(nav.getByRole('link', { name: 'Underwriting desk' })).toHaveAttribute(
      'href',
      `/client/underwriting/${HARBOR_RISK}`,
    );
  },
};
