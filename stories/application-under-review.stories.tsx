import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ApplicationUnderReviewScreen from '@/screens/application-under-review/application-under-review-screen';
import { adaStored } from './support/auth-fixtures';
import { claimLetterFile, INFO_REQUEST_MESSAGE, lossRunsFile, servedOrder } from './support/order-status-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { statusScreenStories } from './support/status-screen-stories';

/**
 * application-under-review (src/screens/application-under-review): Ada sent the underwriter what
 * was asked for on order 4217. What was asked, what she sent, and what happens next.
 */
const common = statusScreenStories('application-under-review', 'application_under_review', 'Application under review');

const meta = {
  title: 'Screens/Order status/Application under review',
  component: ApplicationUnderReviewScreen,
  parameters: { route: common.route, session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof ApplicationUnderReviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  name: 'Loaded: what was asked, what was sent, what happens next',
  ...servedOrder({ status: 'application_under_review' }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your application is under review' }),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'What the underwriter asked for' })).toHaveTextContent(
      INFO_REQUEST_MESSAGE,
    );
    const sent = canvas.getByRole('region', { name: 'What you sent' });
    await expect(sent).toHaveTextContent('Sent on Jun 26, 2026 with your message:');
    // Quoted as the insured wrote it (the marks come from <q>).
    await expect(sent.querySelector('q')).toHaveTextContent(
      /^Loss runs attached; the 2024 claim closed without payment\.$/,
    );
    const files = within(canvas.getByRole('region', { name: 'Files the underwriter has' })).getAllByRole('listitem');
    await expect(files.map((file) => file.querySelector('.file-list__name')?.textContent)).toEqual([
      lossRunsFile.filename,
      claimLetterFile.filename,
    ]);
    await expect(files[1]).toHaveTextContent('Word document, 1.4 MB');
    await expect(canvas.getByRole('region', { name: 'What happens next' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Close this order' })).toBeVisible();
  },
};

export const Loading = common.Loading;
export const NotFound = common.NotFound;
export const NoOrder = common.NoOrder;
export const Failed = common.Failed;
export const OnAnotherScreen = common.OnAnotherScreen;
export const CloseDialogOpen = common.CloseDialogOpen;
