import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import { CoverSummary, type CoverSummaryFacts } from '@/components/purchase/cover-summary';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { DESKTOP, onADesktop, onAPhone, PHONE } from './support/viewports';

/**
 * The cover summary (src/components/purchase/cover-summary.tsx, issue 16): the cover chosen and
 * its price, in view throughout the purchase. On a desktop it is a panel beside the screen's
 * content, titled "Your cover", its facts listed; on a phone (60rem and narrower) the same element
 * is a compact bar pinned to the bottom of the screen, showing the price and the screen's actions
 * (the title and the facts are left to the desktop). The price screen puts Buy now and Save for
 * later in it; the figures are Architects in Houston at $1M / $1M with a $2,500 deductible, as the
 * real engine prices them (stories/support/quote-fixtures.ts).
 */
const TOTAL_CENTS = quotedCalculation.totalCents;
const monthly = quotedCalculation.paymentPlans.find((plan) => plan.code === 'monthly')!;

const priced: CoverSummaryFacts = {
  speciality: 'Architects',
  place: 'Houston, TX 77002',
  limit: '$1M / $1M',
  deductible: '$2,500 deductible',
  plan: 'Annual',
  totalCents: TOTAL_CENTS,
  dueNowCents: TOTAL_CENTS,
};

const meta = {
  title: 'Components/Purchase/Cover summary',
  component: CoverSummary,
  args: { facts: priced },
  parameters: { appShell: false } satisfies RouterParameters,
} satisfies Meta<typeof CoverSummary>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const buyNow = fn();
const saveForLater = fn();

/** The price screen's actions, as it puts them in the summary. */
function Actions() {
  return (
    <p className="cover-summary__actions">
      <button type="button" className="button" onClick={buyNow}>
        Buy now
      </button>
      <button type="button" className="button button--secondary" onClick={saveForLater}>
        Save for later
      </button>
    </p>
  );
}

function summary(canvas: Canvas) {
  return canvas.getByRole('complementary', { name: 'Your cover' });
}

const facts = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll('.cover-summary__fact'), (row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);

export const BeforeThePrice: Story = {
  name: 'Before the price: the speciality, and the price to come',
  args: { facts: { speciality: 'Architects' } },
  play: async ({ canvasElement }) => {
    const panel = summary(within(canvasElement));
    await expect(facts(panel)).toEqual([['Cover', 'Architects professional liability']]);
    await expect(within(panel).getByText('Your price comes after a few questions')).toBeVisible();
    await expect(panel.querySelector('[data-summary-total]')).toBeNull();
  },
};

export const Desktop: Story = {
  name: `On a desktop (${DESKTOP.width} px): a panel beside the options, with Buy now and Save for later`,
  ...onADesktop,
  render: (args) => (
    <CoverSummary {...args}>
      <Actions />
    </CoverSummary>
  ),
  beforeEach: () => {
    buyNow.mockClear();
    saveForLater.mockClear();
  },
  play: async ({ canvasElement }) => {
    const panel = summary(within(canvasElement));
    await expect(within(panel).getByRole('heading', { level: 2, name: 'Your cover' })).toBeVisible();
    await expect(facts(panel)).toEqual([
      ['Cover', 'Architects professional liability'],
      ['Practice', 'Houston, TX 77002'],
      ['Limit', '$1M / $1M'],
      ['Deductible', '$2,500 deductible'],
      ['Payment plan', 'Annual'],
    ]);
    // Paid at once: the year's price, nothing more about today.
    await expect(panel.querySelector('[data-summary-total]')).toHaveTextContent(`${formatUsd(TOTAL_CENTS)} a year`);
    await expect(within(panel).queryByText(/today/)).toBeNull();
    // Buy now leads, Save for later follows, both in the summary.
    await expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Buy now', 'Save for later']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Buy now' }));
    await expect(buyNow).toHaveBeenCalledTimes(1);
    await expect(saveForLater).not.toHaveBeenCalled();
  },
};

export const Phone: Story = {
  name: `On a phone (${PHONE.width} px): a bar pinned to the bottom, the price and the actions`,
  ...onAPhone,
  args: { facts: { ...priced, plan: 'Monthly', dueNowCents: monthly.downPaymentCents } },
  render: (args) => (
    <CoverSummary {...args}>
      <Actions />
    </CoverSummary>
  ),
  play: async ({ canvasElement }) => {
    // The same element as on a desktop, laid out as a bar by CSS: what the bar shows is all in it.
    const panel = summary(within(canvasElement));
    await expect(panel).toHaveClass('cover-summary');
    await expect(within(panel).getByText(formatUsd(TOTAL_CENTS))).toHaveClass('cover-summary__amount');
    await expect(panel.querySelector('[data-summary-total]')).toHaveTextContent(
      `${formatUsd(TOTAL_CENTS)} a year · ${formatUsd(monthly.downPaymentCents)} today`,
    );
    await expect(within(panel).getByRole('button', { name: 'Buy now' })).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Save for later' })).toBeVisible();
    // The facts stay for a wider screen (the bar leaves them out), and for screen readers there.
    await expect(panel.querySelector('.cover-summary__facts')).not.toBeNull();
  },
};

export const DueToday: Story = {
  name: 'Monthly: the year’s price and what is due today',
  args: { facts: { ...priced, plan: 'Monthly', dueNowCents: monthly.downPaymentCents } },
  play: async ({ canvasElement }) => {
    const panel = summary(within(canvasElement));
    await expect(facts(panel)).toContainEqual(['Payment plan', 'Monthly']);
    await expect(panel.querySelector('[data-summary-total]')).toHaveTextContent(
      `${formatUsd(TOTAL_CENTS)} a year · ${formatUsd(monthly.downPaymentCents)} today`,
    );
  },
};
