import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import BrokerBookScreen from '@/screens/broker-book/broker-book-screen';
import { beaStored, bookHandlers } from './support/broker-book-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { storyLocation } from './support/story-navigation';

/**
 * The broker's book (src/screens/broker-book, src/machines/broker-book.machine.ts): Bea Broker of
 * Harbor Risk Partners sees the orders quoted through its storefront, narrowed by status (kept in
 * the address), and the storefront's links to share.
 */
const standard = bookHandlers();

function withServer(server: ReturnType<typeof bookHandlers>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Broker/Book',
  component: BrokerBookScreen,
  parameters: {
    route: '/broker',
    session: beaStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof BrokerBookScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.broker-book__status')!;
const rows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table', { name: 'Your orders' }))
    .getAllByRole('row')
    .slice(1);

export const Loaded: Story = {
  name: 'Loaded: the orders, with what happens next, and the storefront links',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Your orders' });
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your book' })).toBeVisible();
    await expect(canvas.getByText('Harbor Risk Partners')).toBeVisible();
    await expect(rows(canvas).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Q-2026-004217',
      'Q-2026-004302',
      'Q-2026-004388',
    ]);
    const bound = rows(canvas)[1]!;
    await expect(bound).toHaveTextContent('Charles Babbage');
    await expect(bound).toHaveTextContent(formatUsd(318_450));
    await expect(bound).toHaveTextContent('P-2026-000118 (Jul 1, 2026 to Jul 1, 2027)');
    await expect(rows(canvas)[2]).toHaveTextContent('The insured is to pay');
    await expect(status(canvasElement)).toHaveTextContent('3 orders.');
    const storefront = canvas.getByRole('region', { name: 'Share your storefront' });
    await expect(
      within(storefront).getByRole('link', {
        name: 'https://practiceshield.example/client/landing/harbor-risk?s=HRPARC01',
      }),
    ).toBeVisible();
    await expect(
      within(storefront).getByRole('button', { name: 'Copy the link: All your specialities' }),
    ).toBeVisible();
    // The table scrolls on a phone: it can be reached and scrolled by keyboard.
    await expect(canvas.getByRole('region', { name: 'Your orders' })).toHaveAttribute('tabindex', '0');
  },
};

export const FilterByStatus: Story = {
  name: 'Filtered: a status chosen, kept in the address',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Your orders' });
    await userEvent.selectOptions(canvas.getByLabelText('Status'), 'complete');
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/broker?status=complete'));
    await waitFor(() => expect(rows(canvas)).toHaveLength(1));
    await expect(status(canvasElement)).toHaveTextContent('1 order complete: documents issued.');
    await expect(standard.asked).toEqual(['', 'complete']);
  },
};

export const FromTheAddress: Story = {
  name: 'Filtered: from the address, nothing matching',
  parameters: { route: '/broker?status=declined' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No order of yours has this status.')).toBeVisible();
    await expect(canvas.getByLabelText('Status')).toHaveDisplayValue('Declined');
    await expect(status(canvasElement)).toHaveTextContent('No orders with this status.');
  },
};

const copying = bookHandlers();

export const CopyLink: Story = {
  name: 'Copy a link: said once copied',
  ...withServer(copying),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const button = await canvas.findByRole('button', { name: 'Copy the link: Architects quote' });
    await userEvent.click(button);
    await expect(await canvas.findByText('Link copied.')).toBeVisible();
    await expect(copied).toEqual(['https://practiceshield.example/client/landing/harbor-risk?s=HRPARC01']);
  },
};

const failing = bookHandlers({ failsOnce: { status: 503, message: 'The book is unavailable.' } });

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(failing),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your book. 503: The book is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await canvas.findByRole('table', { name: 'Your orders' });
  },
};

export const NotTied: Story = {
  name: 'Not tied to a brokerage (409): said, nothing to retry',
  ...withServer(
    bookHandlers({
      failing: {
        status: 409,
        message: 'Your account is not tied to a broker',
        fields: { brokerId: 'is not set for your account' },
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Your account is not tied to a brokerage yet: ask an administrator to name yours.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withServer(bookHandlers({ pending: true })),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Loading your book…'));
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};
