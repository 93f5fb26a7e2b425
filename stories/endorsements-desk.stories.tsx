import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Endorsement, ReferredEndorsement } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { daysInPeriod, daysRemaining } from '@shared/rating/proration';
import EndorsementsDeskScreen from '@/screens/endorsements-desk/endorsements-desk-screen';
import { changeOptions, endorsementOf, priceChange } from './support/endorsements-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { deskAuthHandlers, graceStored } from './support/underwriting-fixtures';

/**
 * The referred-changes desk (src/screens/endorsements-desk, endorsementsDeskMachine): Grace, an
 * underwriter, decides the mid-term changes the rules referred. Ada's limit increase on
 * P-2026-004217 and a second insured's limit increase with a lower deductible, each priced by
 * the rating engine (stories/support/endorsements-fixtures.ts: the quote's annual premiums, pro
 * rata by the days left, Texas's premium tax and fees); the authority between the annual premium
 * before and after Ada's change, as the server's rule refers it.
 */
const URLS = {
  list: '*/api/weborder/underwriting/endorsements',
  decide: '*/api/weborder/underwriting/endorsementdecision',
};

const period = { effectiveDate: changeOptions.effectiveDate, expirationDate: changeOptions.expirationDate };
const adaQuote = priceChange({ limitCode: '2M/4M' });
const otherQuote = priceChange({ limitCode: '2M/4M', deductibleCode: '1000', effectiveDate: '2026-12-15' });
/** Between Ada's annual premium before and after, to the dollar: her change is above it. */
const AUTHORITY = Math.floor((adaQuote.annualPremiumBeforeCents + adaQuote.annualPremiumAfterCents) / 2 / 100) * 100;

function referred(
  quote: typeof adaQuote,
  id: number,
  over: { number: string; policyNumber: string; insuredName: string; createdAt: string },
): ReferredEndorsement {
  const endorsement = endorsementOf(quote, id, 1);
  return {
    ...endorsement,
    number: over.number,
    status: 'referred',
    invoiceId: null,
    invoiceNumber: null,
    issuedAt: null,
    hasDocument: false,
    createdAt: over.createdAt,
    policyNumber: over.policyNumber,
    insuredName: over.insuredName,
    reason:
      `The annual premium after the change, ${formatUsd(quote.annualPremiumAfterCents)}, is above the automatic ` +
      `authority of ${formatUsd(AUTHORITY)}.`,
    authorityCents: AUTHORITY,
    policyEffectiveDate: period.effectiveDate,
    policyExpirationDate: period.expirationDate,
    daysRemaining: daysRemaining(period, quote.effectiveDate),
    daysInPeriod: daysInPeriod(period),
  };
}

const ada = referred(adaQuote, 70, {
  number: 'P-2026-004217-E01',
  policyNumber: 'P-2026-004217',
  insuredName: 'Ada Lovelace Architects LLC',
  createdAt: '2026-11-24T15:00:00.000Z',
});
const babbage = referred(otherQuote, 71, {
  number: 'P-2026-004301-E02',
  policyNumber: 'P-2026-004301',
  insuredName: 'Babbage Engineering PLLC',
  createdAt: '2026-11-25T09:30:00.000Z',
});

type Outcome = 'decide' | 'fail' | 'conflict';

const decisions: unknown[] = [];

/** The desk's server: the list (the newer first, as a server could), and decisions that remove what they decide. */
function world({
  items = [babbage, ada],
  outcome = 'decide',
  pendingList = false,
  failList = false,
}: { items?: ReferredEndorsement[]; outcome?: Outcome; pendingList?: boolean; failList?: boolean } = {}) {
  let waiting = [...items];
  return {
    handlers: [
      ...deskAuthHandlers(),
      http.get(URLS.list, async () => {
        if (pendingList) await delay('infinite');
        if (failList) return HttpResponse.json({ status: 500, message: 'The desk is unavailable.' }, { status: 500 });
        return HttpResponse.json(waiting);
      }),
      http.post(URLS.decide, async ({ request }) => {
        const body = (await request.json()) as { endorsementid: number; decision: 'approve' | 'decline' };
        decisions.push(body);
        const item = waiting.find((one) => one.id === body.endorsementid)!;
        if (outcome === 'fail') {
          return HttpResponse.json({ status: 503, message: 'The service did not answer in time.' }, { status: 503 });
        }
        waiting = waiting.filter((one) => one.id !== body.endorsementid);
        if (outcome === 'conflict') {
          // Another underwriter declined it a moment ago.
          return HttpResponse.json(
            {
              status: 409,
              message: `Endorsement ${item.number} is declined: it is decided already`,
              fields: { status: 'is declined' },
            },
            { status: 409 },
          );
        }
        const { policyNumber: _p, insuredName: _i, reason: _r, authorityCents: _a, ...rest } = item;
        const answer: Endorsement = {
          ...rest,
          status: body.decision === 'decline' ? 'declined' : 'awaiting_payment',
          invoiceId: body.decision === 'decline' ? null : 970,
          invoiceNumber: body.decision === 'decline' ? null : 'INV-2026-000970',
        };
        return HttpResponse.json(answer);
      }),
    ],
    reset: () => {
      waiting = [...items];
      decisions.length = 0;
    },
  };
}

const main = world();

const meta = {
  title: 'Screens/Referred changes desk',
  component: EndorsementsDeskScreen,
  parameters: {
    route: '/underwriting/endorsements',
    session: graceStored,
    msw: { handlers: main.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => main.reset(),
} satisfies Meta<typeof EndorsementsDeskScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story with its own server (reset before it runs). */
function served(options: Parameters<typeof world>[0]) {
  const other = world(options);
  return { parameters: { msw: { handlers: other.handlers } }, beforeEach: () => other.reset() };
}

async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="endorsements-desk"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

const card = async (canvas: Canvas, number: string) =>
  within(await canvas.findByRole('article', { name: `Change ${number}` }));
const line = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;
const dialogOf = async (canvas: Canvas, name: string) => within(await canvas.findByRole('dialog', { name }));

export const Loading: Story = {
  ...served({ pendingList: true }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('Loading the referred changes…')).toBeVisible();
  },
};

export const Empty: Story = {
  name: 'Empty: nothing waits',
  ...served({ items: [] }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/No change is waiting for an underwriter/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: '← Underwriting desk' })).toHaveAttribute('href', '/underwriting');
  },
};

export const LoadFailed: Story = {
  name: 'The list could not load: Try again',
  ...served({ failList: true }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the referred changes. 500: The desk is unavailable.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const List: Story = {
  name: 'List: oldest waiting first, each change with its premium against the authority and its worksheet',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Referred changes, oldest waiting first' });
    await expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby') && article.querySelector('h2')!.textContent),
    ).toEqual([`Change ${ada.number}`, `Change ${babbage.number}`]);
    await expect(canvas.getByText('2 changes are waiting for a decision.')).toBeVisible();

    const first = await card(canvas, ada.number);
    await expect(first.getByText('Ada Lovelace Architects LLC')).toBeVisible();
    await expect(line(first, 'Policy')).toHaveTextContent('P-2026-004217');
    await expect(line(first, 'Takes effect')).toHaveTextContent('Nov 26, 2026');
    await expect(first.getByText('Limit $1,000,000/$1,000,000 → $2,000,000/$4,000,000')).toBeVisible();
    await expect(line(first, 'Before the change')).toHaveTextContent(formatUsd(ada.annualPremiumBeforeCents));
    await expect(line(first, 'After the change')).toHaveTextContent(formatUsd(ada.annualPremiumAfterCents));
    await expect(line(first, 'Automatic authority')).toHaveTextContent(formatUsd(AUTHORITY));
    await expect(line(first, 'Above the authority by')).toHaveTextContent(
      formatUsd(ada.annualPremiumAfterCents - AUTHORITY),
    );
    // The worksheet is the engine's: the difference × the days left ÷ the days of the period.
    await expect(line(first, 'Days of cover left')).toHaveTextContent(
      `${adaQuote.daysRemaining} of ${adaQuote.daysInPeriod}`,
    );
    await expect(line(first, 'Prorated premium')).toHaveTextContent(`+${formatUsd(adaQuote.proratedPremiumCents)}`);
    await expect(line(first, 'Premium tax')).toHaveTextContent(`+${formatUsd(adaQuote.taxCents)}`);
    await expect(line(first, 'State fees')).toHaveTextContent(`+${formatUsd(adaQuote.feeCents)}`);
    await expect(line(first, 'Additional premium')).toHaveTextContent(`+${formatUsd(adaQuote.totalCents)}`);
    await expect(first.getByRole('button', { name: `Approve change ${ada.number}` })).toBeVisible();
    await expect(first.getByRole('button', { name: `Decline change ${ada.number}` })).toBeVisible();
  },
};

export const Approving: Story = {
  name: 'Approving: a dialog says what approval does, nothing is sent until confirmed',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const first = await card(canvas, ada.number);
    await userEvent.click(first.getByRole('button', { name: `Approve change ${ada.number}` }));
    const dialog = await dialogOf(canvas, `Approve change ${ada.number}`);
    await expect(
      dialog.getByText(
        `Approved, the insured is e-mailed to pay the additional premium of ${formatUsd(adaQuote.totalCents)}; the change is made once it is paid.`,
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Approve change' })).toBeVisible();
    await expect(decisions).toEqual([]);
  },
};

export const Approved: Story = {
  name: 'Approved by keyboard: announced and focused, the list updated',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const first = await card(canvas, ada.number);
    first.getByRole('button', { name: `Approve change ${ada.number}` }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await dialogOf(canvas, `Approve change ${ada.number}`);
    dialog.getByRole('button', { name: 'Approve change' }).focus();
    await userEvent.keyboard('{Enter}');
    const status = await canvas.findByText(/^Change P-2026-004217-E01 approved\./);
    await expect(status).toHaveTextContent(
      `Change ${ada.number} approved. The insured has been e-mailed to pay the additional premium of ${formatUsd(adaQuote.totalCents)}; it is made once paid.`,
    );
    await waitFor(() => expect(status.closest('[role="status"]')).toHaveFocus());
    await expect(decisions).toEqual([{ endorsementid: ada.id, decision: 'approve' }]);
    await waitFor(() => expect(canvas.queryByRole('article', { name: `Change ${ada.number}` })).toBeNull());
    await expect(canvas.getByText('1 change is waiting for a decision.')).toBeVisible();
  },
};

export const DecliningWithReason: Story = {
  name: 'Declining: the reason is required, then sent; the insured is told',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const second = await card(canvas, babbage.number);
    await userEvent.click(second.getByRole('button', { name: `Decline change ${babbage.number}` }));
    const dialog = await dialogOf(canvas, `Decline change ${babbage.number}`);
    const reason = dialog.getByLabelText(/^Reason/);
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Decline change' }));
    await expect(await dialog.findByText('Reason is required')).toBeVisible();
    await expect(decisions).toEqual([]);
    await userEvent.type(reason, 'A $2M limit needs two claims-free years.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline change' }));
    await expect(
      await canvas.findByText(`Change ${babbage.number} declined. The insured has been e-mailed your reason.`),
    ).toBeVisible();
    await expect(decisions).toEqual([
      { endorsementid: babbage.id, decision: 'decline', reason: 'A $2M limit needs two claims-free years.' },
    ]);
  },
};

export const DecisionFailed: Story = {
  name: 'A decision not reached: the dialog says so and stays open to try again',
  ...served({ outcome: 'fail' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const first = await card(canvas, ada.number);
    await userEvent.click(first.getByRole('button', { name: `Approve change ${ada.number}` }));
    const dialog = await dialogOf(canvas, `Approve change ${ada.number}`);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve change' }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not approve this change');
    await expect(alert).toHaveTextContent('The service did not answer in time.');
    await expect(dialog.getByRole('button', { name: 'Approve change' })).toBeVisible();
  },
};

export const Conflict: Story = {
  name: 'Decided by someone else first: nothing decided, the list updated',
  ...served({ outcome: 'conflict' }),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const first = await card(canvas, ada.number);
    await userEvent.click(first.getByRole('button', { name: `Approve change ${ada.number}` }));
    const dialog = await dialogOf(canvas, `Approve change ${ada.number}`);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve change' }));
    const said = await canvas.findByText(/^Nothing was decided/);
    await expect(said).toHaveTextContent(
      `Nothing was decided — ${ada.number}: Endorsement ${ada.number} is declined: it is decided already. The list has been updated.`,
    );
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.queryByRole('article', { name: `Change ${ada.number}` })).toBeNull());
  },
};
