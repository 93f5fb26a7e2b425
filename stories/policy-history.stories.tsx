import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import PolicyHistoryScreen from '@/screens/policy-history/policy-history-screen';
import { formatDay } from '@/components/format/dates';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import {
  allPolicies,
  annualPremium,
  cancelledAhead,
  cancelledWithTail,
  changed,
  expired,
  inForce,
  policyServer,
  NOTICE_INVOICE,
  renewalOfferDate,
  underNotice,
  type PolicyServer,
} from './support/policy-history-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The "Your policy" screen (src/screens/policy-history, policyHistoryMachine): where one of Ada's
 * Architects policies stands today, its cover as it reads now, what she can do with it, and its
 * history, newest first. Every premium is the rating engine's on the demo's Texas table; changes
 * are prorated and the cancellation and tail priced by the server's own rules.
 */
const server = policyServer();
const routeOf = (world: { claimable: { id: number } }) => `/policy?policyid=${world.claimable.id}`;

const meta = {
  title: 'Screens/Your policy',
  component: PolicyHistoryScreen,
  parameters: {
    route: routeOf(inForce),
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
    return captureDownloads();
  },
} satisfies Meta<typeof PolicyHistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story whose API is another mock server (its `reset` runs before the story). */
function withServer(other: PolicyServer, route?: string): Pick<Story, 'parameters' | 'beforeEach'> {
  return {
    parameters: { ...(route ? { route } : {}), msw: { handlers: [...authHandlers(), ...other.handlers] } },
    beforeEach: () => {
      other.reset();
    },
  };
}

async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="policy-history"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

/** The policy's summary, once loaded. */
async function summaryOf(canvas: Canvas, number: string) {
  return within(await canvas.findByRole('region', { name: `Policy ${number}` }));
}

/** The names of the links under "What you can do". */
async function actionNames(canvas: Canvas) {
  const actions = within(await canvas.findByRole('navigation', { name: 'What you can do' }));
  return actions.getAllByRole('link').map((link) => link.textContent);
}

/** The history's rows, newest first, each as its heading. */
async function timeline(canvas: Canvas) {
  const region = within(await canvas.findByRole('region', { name: 'History' }));
  return region.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

async function rowOf(canvas: Canvas, number: string) {
  const region = within(await canvas.findByRole('region', { name: 'History' }));
  return within(region.getByText(number).closest('li')!);
}

const limitsOf = (per: string, aggregate: string) => `${per} per claim, ${aggregate} aggregate`;

// ---------------------------------------------------------------------------------------------
// Choosing the policy

export const ChoosePolicy: Story = {
  name: 'Choose a policy (none in the address)',
  parameters: { route: '/policy' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const links = await picker.findAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(allPolicies.map((world) => routeOf(world)));
    await expect(links[0]).toHaveAccessibleName(
      `Architects Policy ${inForce.claimable.number} · ${formatDay(inForce.claimable.effectiveDate)} to ${formatDay(inForce.claimable.expirationDate)}`,
    );
  },
};

const onlyOne = policyServer({ policies: [changed] });

export const OnlyPolicy: Story = {
  name: 'One policy: opened at once',
  ...withServer(onlyOne, '/policy'),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await summaryOf(canvas, changed.claimable.number);
    await expect(canvasElement.querySelector('[data-story-location]')).toHaveAttribute(
      'data-story-location',
      routeOf(changed),
    );
    await expect(canvas.queryByRole('region', { name: 'Choose a policy' })).toBeNull();
  },
};

const noPolicies = policyServer({ policies: [] });

export const NoPolicies: Story = {
  name: 'No policy yet',
  ...withServer(noPolicies, '/policy'),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/You have no policy yet/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

export const ChoosePolicyBranded: Story = {
  name: 'Choose a policy (branded): the links stay in the client area',
  parameters: {
    route: `/client/policy/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const [first] = await picker.findAllByRole('link');
    await expect(first).toHaveAttribute('href', `/client/policy/${HARBOR_RISK}?policyid=${inForce.claimable.id}`);
  },
};

// ---------------------------------------------------------------------------------------------
// One policy

const failingOnce = policyServer({ failHistoryOnce: true });

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  ...withServer(failingOnce),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load this policy. 500: The policy service is unavailable.');
    await expect(within(alert).getByRole('link', { name: 'Choose another policy' })).toHaveAttribute('href', '/policy');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await summaryOf(canvas, inForce.claimable.number);
  },
};

export const InForce: Story = {
  name: 'In force, no changes',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, inForce.claimable.number);
    await expect(summary.getByText('In force')).toBeVisible();
    await expect(summary.getByText('Lovelace Design Studio LLC')).toBeVisible();
    await expect(summary.getByText(limitsOf('$1,000,000', '$1,000,000'))).toBeVisible();
    await expect(summary.getByText('$2,500 per claim')).toBeVisible();
    await expect(summary.getByText(formatUsd(annualPremium('1M/1M', '2500')))).toBeVisible();
    await expect(await actionNames(canvas)).toEqual([
      'Get a certificate',
      'Change your policy',
      'Report a claim',
      'Cancel your policy',
    ]);
    // Not offered yet: when it will be, in words, not a link to a screen that would only say "not yet".
    await expect(canvas.getByText(`Renewal offered from ${formatDay(renewalOfferDate(inForce))}`)).toBeVisible();
    const search = `?policyid=${inForce.claimable.id}`;
    await expect(canvas.getByRole('link', { name: 'Get a certificate' })).toHaveAttribute(
      'href',
      `/certificates${search}`,
    );
    await expect(canvas.getByRole('link', { name: 'Change your policy' })).toHaveAttribute(
      'href',
      `/policy/changes${search}`,
    );
    await expect(canvas.getByRole('link', { name: 'Cancel your policy' })).toHaveAttribute(
      'href',
      `/policy/cancel${search}`,
    );
    // The claims screen's report form, open with this policy.
    await expect(canvas.getByRole('link', { name: 'Report a claim' })).toHaveAttribute(
      'href',
      `/claims?report=${inForce.claimable.id}`,
    );
    await expect(await timeline(canvas)).toEqual([`Policy issued ${inForce.claimable.number}`]);
    await expect(canvas.getByText('No changes since the policy was issued.')).toBeVisible();
    // The declarations, as the documents screen downloads them.
    await userEvent.click(summary.getByRole('button', { name: 'Download the declarations' }));
    await waitFor(() =>
      expect(downloads).toEqual([
        expect.objectContaining({ fileName: `declarations-${inForce.claimable.number.toLowerCase()}.pdf` }),
      ]),
    );
    await expect(await canvas.findByText('The declarations have been downloaded.')).toBeVisible();
  },
};

const offering = policyServer({ renewalStatus: 'offered' });

export const RenewalOffered: Story = {
  name: 'In force, its renewal offered: Renew your policy',
  ...withServer(offering, routeOf(inForce)),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await actionNames(canvas)).toEqual([
      'Get a certificate',
      'Change your policy',
      'Report a claim',
      'Renew your policy',
      'Cancel your policy',
    ]);
    await expect(canvas.getByRole('link', { name: 'Renew your policy' })).toHaveAttribute(
      'href',
      `/policy/renewal?policyid=${inForce.claimable.id}`,
    );
    await expect(canvas.queryByText(/^Renewal offered from/)).toBeNull();
  },
};

export const WithChanges: Story = {
  name: 'With changes: an increase paid, a decrease with premium owed back, one awaiting payment',
  parameters: { route: routeOf(changed) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, changed.claimable.number);
    const [awaiting, decrease, increase] = changed.history.endorsements;
    // The cover as it reads now: the issued changes, not the one waiting for its payment.
    await expect(summary.getByText(limitsOf('$2,000,000', '$4,000,000'))).toBeVisible();
    await expect(summary.getByText('$5,000 per claim')).toBeVisible();
    await expect(summary.getByText(formatUsd(annualPremium('2M/4M', '5000')))).toBeVisible();
    await expect(
      summary.getByText(`before fees and taxes; ${formatUsd(annualPremium('1M/1M', '2500'))} when issued`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(await timeline(canvas)).toEqual([
      `Change ${awaiting!.number}`,
      `Change ${decrease!.number}`,
      `Change ${increase!.number}`,
      `Policy issued ${changed.claimable.number}`,
    ]);

    const up = await rowOf(canvas, increase!.number);
    await expect(up.getByText('Limit $1,000,000/$1,000,000 → $2,000,000/$4,000,000')).toBeVisible();
    await expect(
      up.getByText(`Additional premium ${formatUsd(increase!.totalChangeCents)} paid (invoice INV-2026-001021)`),
    ).toBeVisible();

    const down = await rowOf(canvas, decrease!.number);
    await expect(down.getByText('Deductible $2,500 → $5,000')).toBeVisible();
    await expect(decrease!.totalChangeCents).toBeLessThan(0);
    await expect(
      down.getByText(`Return premium ${formatUsd(-decrease!.totalChangeCents)} owed to you: we credit or refund it`),
    ).toBeVisible();

    const waiting = await rowOf(canvas, awaiting!.number);
    await expect(waiting.getByText(/Awaiting payment$/)).toBeVisible();
    await expect(waiting.getByText('Deductible $5,000 → $1,000')).toBeVisible();
    await expect(
      waiting.getByText(
        `Additional premium ${formatUsd(awaiting!.totalChangeCents)} awaiting payment (invoice INV-2026-001023)`,
      ),
    ).toBeVisible();
    await expect(waiting.getByRole('link', { name: `Pay for ${awaiting!.number}` })).toHaveAttribute(
      'href',
      `/policy/changes?policyid=${changed.claimable.id}`,
    );
    // No PDF until it is issued.
    await expect(waiting.queryByRole('button', { name: /^Download/ })).toBeNull();

    // An issued one's PDF, by keyboard.
    const download = up.getByRole('button', { name: `Download endorsement ${increase!.number}` });
    download.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(downloads).toEqual([
        expect.objectContaining({ fileName: `endorsement-${increase!.number.toLowerCase()}.pdf` }),
      ]),
    );
    await expect(await canvas.findByText(`Endorsement ${increase!.number} has been downloaded.`)).toBeVisible();
  },
};

export const CancellationNotice: Story = {
  name: 'Cancellation notice: a payment past due',
  parameters: { route: routeOf(underNotice) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, underNotice.claimable.number);
    await expect(summary.getByText('Cancellation notice')).toBeVisible();
    await expect(summary.getByText(/A payment is past due/)).toBeVisible();
    // The notice of non-payment is among the history's events, and downloads again.
    await expect(await timeline(canvas)).toContain('Notice of cancellation for non-payment');
    const history = within(await canvas.findByRole('region', { name: 'History' }));
    const notice = history.getByText('Notice of cancellation for non-payment').closest('li')!;
    await expect(notice).toHaveTextContent(
      `invoice ${NOTICE_INVOICE.number}, due ${formatDay(NOTICE_INVOICE.dueDate)}`,
    );
    await userEvent.click(
      within(notice as HTMLElement).getByRole('button', {
        name: `Download notice of non-payment for invoice ${NOTICE_INVOICE.number}`,
      }),
    );
    await waitFor(() =>
      expect(downloads).toEqual([expect.objectContaining({ fileName: underNotice.history.notices![0]!.filename })]),
    );
    // No change while under notice; it can still be cancelled.
    await expect(await actionNames(canvas)).toEqual(['Get a certificate', 'Report a claim', 'Cancel your policy']);
  },
};

export const CancelledWithTail: Story = {
  name: 'Cancelled, with a tail bought: the premium owed back, the tail paid',
  parameters: { route: routeOf(cancelledWithTail) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, cancelledWithTail.claimable.number);
    const cancelledFrom = cancelledWithTail.info.cancellationDate!;
    await expect(summary.getByText(`Cancelled from ${formatDay(cancelledFrom)}`)).toBeVisible();
    await expect(
      summary.getByText(
        `Your cover stopped at 12:01 a.m. on ${formatDay(cancelledFrom)}, the first day without cover.`,
      ),
    ).toBeVisible();
    await expect(summary.getByText('Your reason: We are closing the practice.')).toBeVisible();
    // The tail is bought: no other is offered, nor a change, a cancellation or a new certificate.
    await expect(await actionNames(canvas)).toEqual(['Your certificates', 'Report a claim']);
    const [tail, cancellation] = cancelledWithTail.history.endorsements;
    await expect(await timeline(canvas)).toEqual([
      `Tail cover ${tail!.number}`,
      `Cancellation ${cancellation!.number}`,
      `Policy issued ${cancelledWithTail.claimable.number}`,
    ]);
    const cancelled = await rowOf(canvas, cancellation!.number);
    await expect(cancelled.getByText(`Cover stops at 12:01 a.m. on ${formatDay(cancelledFrom)}`)).toBeVisible();
    await expect(cancelled.getByText('Premium returned pro rata, by the days left')).toBeVisible();
    await expect(
      cancelled.getByText(
        `Return premium ${formatUsd(-cancellation!.totalChangeCents)} owed to you: we credit or refund it`,
      ),
    ).toBeVisible();
    await expect(cancelled.getByRole('button', { name: `Download endorsement ${cancellation!.number}` })).toBeVisible();
    const bought = await rowOf(canvas, tail!.number);
    await expect(bought.getByText('Extended reporting period of 2 years')).toBeVisible();
    await expect(
      bought.getByText(`Additional premium ${formatUsd(tail!.totalChangeCents)} paid (invoice INV-2026-001042)`),
    ).toBeVisible();
  },
};

export const CancelledAhead: Story = {
  name: 'Cancelled from a day ahead: covered until then, the tail on offer',
  parameters: { route: routeOf(cancelledAhead) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, cancelledAhead.claimable.number);
    await expect(
      summary.getByText(`Cancelled from ${formatDay(cancelledAhead.info.cancellationDate!)}`),
    ).toHaveAttribute('data-policy-standing', 'notice');
    const day = formatDay(cancelledAhead.info.cancellationDate!);
    await expect(
      summary.getByText(`Your cover stops at 12:01 a.m. on ${day}, the first day without cover.`),
    ).toBeVisible();
    await expect(await actionNames(canvas)).toEqual(['Buy tail cover', 'Get a certificate', 'Report a claim']);
    const [cancellation] = cancelledAhead.history.endorsements;
    const row = await rowOf(canvas, cancellation!.number);
    await expect(row.getByText(/^Cancels from/)).toHaveTextContent(
      `Cancels from ${formatDay(cancelledAhead.info.cancellationDate!)} · Issued`,
    );
  },
};

/** The server's clock has reached the cancellation date, the browser's has not: the server's day is the one read. */
const onTheDay = policyServer({ serverToday: cancelledAhead.info.cancellationDate! });

export const CancelledToday: Story = {
  name: 'Cancelled from today (the server’s day): cover stopped at its start, no new certificate',
  ...withServer(onTheDay, routeOf(cancelledAhead)),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, cancelledAhead.claimable.number);
    const day = formatDay(cancelledAhead.info.cancellationDate!);
    await expect(summary.getByText(`Cancelled from ${day}`)).toHaveAttribute('data-policy-standing', 'ended');
    await expect(
      summary.getByText(
        `Your cover stopped at the start of today (12:01 a.m., ${day}): today is the first day without cover.`,
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/continues until then/)).toBeNull();
    // The certificates screen would refuse a new one: only the issued ones are offered.
    await expect(await actionNames(canvas)).toEqual(['Buy tail cover', 'Your certificates', 'Report a claim']);
  },
};

export const Expired: Story = {
  name: 'Expired, without a tail: Buy tail cover',
  parameters: { route: routeOf(expired) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const summary = await summaryOf(canvas, expired.claimable.number);
    await expect(summary.getByText('Expired')).toBeVisible();
    await expect(
      summary.getByText(`The period ended on ${formatDay(expired.claimable.expirationDate)}.`),
    ).toBeVisible();
    await expect(await actionNames(canvas)).toEqual(['Buy tail cover', 'Your certificates', 'Report a claim']);
    await expect(canvas.getByRole('link', { name: 'Buy tail cover' })).toHaveAttribute(
      'href',
      `/policy/cancel?policyid=${expired.claimable.id}`,
    );
  },
};

const pending = policyServer({ pendingHistory: true });

export const Loading: Story = {
  ...withServer(pending),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your policy…');
  },
};
