import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import OrderSummaryScreen from '@/screens/order-summary/order-summary-screen';
import { adaStored } from './support/auth-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import {
  claimLetterFile,
  INFO_REQUEST_MESSAGE,
  lossRunsFile,
  priorClaims,
  servedOrder,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
} from './support/order-status-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * ordersummary/{submissionid} (src/screens/order-summary): everything about order 4217 in any
 * status (cover, price and worksheet, locations, contact, files, what is missing, the decision,
 * the underwriter's request, the history), and the way on to where its next step happens.
 */
const meta = {
  title: 'Screens/Order summary',
  component: OrderSummaryScreen,
  parameters: { route: `/ordersummary/${SUBMISSION_ID}`, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof OrderSummaryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const withFiles = { files: [lossRunsFile, claimLetterFile] };

export const Loaded: Story = {
  name: 'Application under review: everything, and what happens next',
  ...servedOrder({ status: 'application_under_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: `Summary of order ${SUBMISSION_NUMBER}: Architects` }),
    ).toBeVisible();
    // Shown here, whatever the status: the summary never sends the insured elsewhere.
    await expect(canvas.getByText('Application under review')).toHaveAttribute(
      'data-order-status',
      'application_under_review',
    );
    await expect(canvas.getByRole('link', { name: 'What happens next' })).toHaveAttribute(
      'href',
      `/application-under-review?submissionid=${SUBMISSION_ID}`,
    );
    const cover = canvas.getByRole('region', { name: 'Cover and price' });
    await expect(within(cover).getByText('Price for the year').nextElementSibling).toHaveTextContent(
      formatUsd(quotedCalculation.totalCents),
    );
    await expect(within(cover).getByText('Payment plan').nextElementSibling).toHaveTextContent('Annual');
    await expect(
      within(canvas.getByRole('region', { name: 'How your price is worked out' })).getAllByRole('listitem'),
    ).toHaveLength(11);
    await expect(
      within(canvas.getByRole('region', { name: 'Why an underwriter reviews it' })).getByRole('listitem'),
    ).toHaveTextContent(priorClaims.label);
    await expect(canvas.getByRole('region', { name: 'What the underwriter asked for' })).toHaveTextContent(
      INFO_REQUEST_MESSAGE,
    );
    await expect(canvas.getByRole('region', { name: 'Locations' })).toHaveTextContent(
      'Houston office (1200 Main St, Suite 400, Houston, TX 77002) (primary)',
    );
    await expect(canvas.getByRole('region', { name: 'Contact' })).toHaveTextContent(
      'Ada Lovelace, ada@example.com, (512) 555-0142',
    );
    await expect(
      within(canvas.getByRole('region', { name: 'Files on this order' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    const history = within(canvas.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    // The insured's history: moves in words, oldest first; a quote edit is not a move.
    await expect(history.map((entry) => entry.querySelector('.order-history__what')?.textContent)).toEqual([
      'You bought now',
      'Referred to an underwriter',
      `An underwriter asked for information: ${INFO_REQUEST_MESSAGE}`,
      'You sent it back to the underwriter: Loss runs attached; the 2024 claim closed without payment.',
    ]);
    await expect(history[1]).toHaveTextContent('Our rules');
    await expect(history[2]).toHaveTextContent('Uma Reyes');
    await expect(history[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-06-25T10:00:00.000Z');
  },
};

export const Quoted: Story = {
  name: 'Quoted: what happens next is the order screen',
  ...servedOrder({ status: 'quoted' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'What happens next' })).toHaveAttribute(
      'href',
      `/order/${SUBMISSION_ID}`,
    );
    await expect(canvas.getByRole('region', { name: 'History' })).toHaveTextContent(
      'Nothing has happened to this order yet.',
    );
    await expect(canvas.getByRole('region', { name: 'Files on this order' })).toHaveTextContent(
      'No files on this order yet.',
    );
  },
};

export const Incomplete: Story = {
  name: 'Incomplete: what is still needed',
  ...servedOrder({ status: 'incomplete' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const needed = await canvas.findByRole('region', { name: 'Still needed' });
    await expect(within(needed).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('link', { name: 'What happens next' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/incomplete-order?submissionid=${SUBMISSION_ID}`);
  },
};

export const Declined: Story = {
  name: 'Declined: the decision and why',
  ...servedOrder({ status: 'declined' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const decision = await canvas.findByRole('region', { name: 'Decision' });
    await expect(decision).toHaveTextContent('Declined by our rules on Jun 25, 2026.');
    await expect(canvas.getByRole('region', { name: 'Why it was declined' })).toBeVisible();
  },
};

const downloading = servedOrder({ status: 'application_under_review', summary: withFiles });

export const Closed: Story = {
  name: 'Closed as lost: the reason in the history, in words',
  ...servedOrder({ status: 'close_lost' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const history = within(await canvas.findByRole('region', { name: 'History' })).getAllByRole('listitem');
    await expect(history.at(-1)!.querySelector('.order-history__what')).toHaveTextContent(
      'Closed: The price (Too dear for a first year)',
    );
    await expect(history.at(-1)).toHaveTextContent('Ada Lovelace');
    await expect(canvas.getByRole('link', { name: 'What happens next' })).toHaveAttribute(
      'href',
      `/order/${SUBMISSION_ID}`,
    );
  },
};

export const Download: Story = {
  name: 'Download a file: saved under its name',
  ...downloading.story,
  beforeEach: () => {
    downloading.world.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = await canvas.findByRole('region', { name: 'Files on this order' });
    await userEvent.click(within(files).getByRole('button', { name: `Download ${claimLetterFile.filename}` }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({ fileName: claimLetterFile.filename, type: claimLetterFile.mime });
    await expect(within(files).queryByRole('alert')).toBeNull();
  },
};

export const DownloadFailed: Story = {
  name: 'Download failed: said beside the file',
  ...servedOrder({
    status: 'application_under_review',
    failing: { download: { status: 503, message: 'The file store is unavailable.' } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = await canvas.findByRole('region', { name: 'Files on this order' });
    await userEvent.click(within(files).getByRole('button', { name: `Download ${lossRunsFile.filename}` }));
    await expect(await within(files).findByRole('alert')).toHaveTextContent(
      `${lossRunsFile.filename} could not be downloaded: The file store is unavailable.`,
    );
    // The button is usable again.
    await expect(within(files).getByRole('button', { name: `Download ${lossRunsFile.filename}` })).not.toHaveAttribute(
      'aria-disabled',
    );
  },
};

export const NotFound: Story = {
  name: 'Not found (404)',
  ...servedOrder().story,
  parameters: { ...servedOrder().story.parameters, route: '/ordersummary/999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' })).toBeVisible();
  },
};

export const Loading: Story = {
  ...servedOrder({ pending: ['summary'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
  },
};
