import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import IncompleteReviewUnderwriterScreen from '@/screens/incomplete-review-underwriter/incomplete-review-underwriter-screen';
import { adaStored } from './support/auth-fixtures';
import { aboveAuthority, lossRunsFile, priorClaims, servedOrder, SUBMISSION_ID } from './support/order-status-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { statusScreenStories } from './support/status-screen-stories';

/**
 * incomplete-review-underwriter (src/screens/incomplete-review-underwriter): the rules referred
 * order 4217 to an underwriter. Why, what happens next and how long it takes, the files on it.
 */
const common = statusScreenStories('incomplete-review-underwriter', 'underwriter_review', 'With an underwriter');

const meta = {
  title: 'Screens/Order status/With an underwriter',
  component: IncompleteReviewUnderwriterScreen,
  parameters: { route: common.route, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof IncompleteReviewUnderwriterScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  name: 'Loaded: why it was referred and what happens next',
  ...servedOrder({ status: 'underwriter_review', summary: { files: [lossRunsFile] } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your order is with an underwriter' }),
    ).toBeVisible();
    await expect(canvas.getByText('With an underwriter', { selector: '[data-order-status]' })).toHaveAttribute(
      'data-order-status',
      'underwriter_review',
    );
    const why = within(canvas.getByRole('region', { name: 'Why it was referred' })).getAllByRole('listitem');
    await expect(why.map((item) => item.textContent)).toEqual([priorClaims.label, aboveAuthority.label]);
    // The underwriter's detail (the figures behind a rule) is not shown to the insured.
    await expect(canvas.getByRole('region', { name: 'Why it was referred' })).not.toHaveTextContent(
      aboveAuthority.detail!,
    );
    await expect(canvas.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
      'usually within two working days',
    );
    const files = canvas.getByRole('region', { name: 'Files on this order' });
    await expect(within(files).getByRole('button', { name: `Download ${lossRunsFile.filename}` })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See the full order summary' })).toHaveAttribute(
      'href',
      `/ordersummary/${SUBMISSION_ID}`,
    );
    await expect(canvas.getByRole('button', { name: 'Close this order' })).toBeVisible();
  },
};

export const NoFiles: Story = {
  name: 'Loaded: no files yet',
  ...servedOrder({ status: 'underwriter_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = await canvas.findByRole('region', { name: 'Files on this order' });
    await expect(files).toHaveTextContent('No files on this order yet.');
  },
};

export const Loading = common.Loading;
export const NotFound = common.NotFound;
export const NoOrder = common.NoOrder;
export const Failed = common.Failed;
export const OnAnotherScreen = common.OnAnotherScreen;
export const CloseDialogOpen = common.CloseDialogOpen;
