import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';
import DashboardScreen from '@/screens/dashboard/dashboard-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  adaOrders,
  completeOrder,
  dashboardHandlers,
  draftOrder,
  failingOnceDashboardHandlers,
  openOrderFailingHandlers,
  ORDERS_DOWN_MESSAGE,
  pendingDashboardHandlers,
  quotedOrder,
} from './support/dashboard-fixtures';
import {
  cancelledAheadOrder,
  cancelledOrder,
  cancelledOwingOrder,
  changedOrder,
  expiredOrder,
  inForceOrder,
  renewedOrder,
  underNoticeOrder,
} from './support/dashboard-policy-fixtures';
import { closableDashboard } from './support/order-status-fixtures';
import { cancelledWithTail, inForce, POLICY_URLS } from './support/policy-history-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * The dashboard (src/screens/dashboard, src/machines/dashboard.machine.ts): Ada's orders from
 * dashboard/submissiondetails, the one to resume from insured/existingopenorder, and the links to
 * the rest of her account. The route asks for a signed-in insured: every story starts with Ada's
 * session.
 */
const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  parameters: {
    route: '/dashboard',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...dashboardHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The screen, once the route has rendered it. */
async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="dashboard"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function orderCards(canvas: Canvas) {
  const region = await canvas.findByRole('region', { name: 'Your orders' });
  return within(region).getAllByRole('article');
}

/** The value next to a term in one card's facts. */
const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling;

export const Loaded: Story = {
  name: 'Loaded: the order to resume, then every order',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();

    const resume = await canvas.findByRole('region', { name: 'Continue where you left off' });
    await expect(resume).toHaveTextContent(`Order ${quotedOrder.number}: Architects`);
    await expect(within(resume).getByText('Quoted: ready to buy')).toHaveAttribute('data-order-status', 'quoted');
    await expect(fact(resume, 'Price for the year')).toHaveTextContent(formatUsd(quotedOrder.totalCents!));
    await expect(
      within(resume).getByRole('link', { name: `Review and buy, order ${quotedOrder.number}` }),
    ).toHaveAttribute('href', `/order/${quotedOrder.submissionId}`);

    const cards = await orderCards(canvas);
    await expect(cards).toHaveLength(adaOrders.length);
    const [quoted, draft, complete, declined] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    await expect(within(quoted).getByRole('heading', { level: 3 })).toHaveTextContent(
      `Architects Order ${quotedOrder.number}`,
    );
    await expect(fact(quoted, 'Starts')).toHaveTextContent('Jul 1, 2026');
    // A draft has no price and no start date yet, and says so.
    await expect(fact(draft, 'Price for the year')).toHaveTextContent('Not priced yet');
    await expect(fact(draft, 'Starts')).toHaveTextContent('Not set yet');
    await expect(
      within(draft).getByRole('link', { name: `Answer the remaining questions, order ${draftOrder.number}` }),
    ).toHaveAttribute('href', '/questionlist');
    await expect(within(complete).getByText('Complete: documents issued')).toHaveAttribute(
      'data-order-status',
      'complete',
    );
    await expect(fact(complete, 'Price for the year')).toHaveTextContent(formatUsd(completeOrder.totalCents!));
    await expect(within(complete).getByRole('link', { name: /^Download your documents/ })).toHaveAttribute(
      'href',
      '/document',
    );
    // Nothing left to do on a declined order: words, not a link.
    await expect(within(declined).getByText('Declined')).toHaveAttribute('data-order-status', 'declined');
    await expect(declined).toHaveTextContent('Next step This order was declined');
    await expect(within(declined).queryByRole('link')).toBeNull();

    const links = within(canvas.getByRole('navigation', { name: 'Your account' }));
    for (const [name, href] of [
      ['Contacts', '/contacts'],
      ['Locations', '/locations'],
      ['Additional insureds', '/additionally-insured'],
      ['Certificates of insurance', '/certificates'],
      ['Claims', '/claims'],
      ['Feedback', '/feedback'],
    ] as const) {
      await expect(links.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(canvas.getByRole('link', { name: 'Get another quote' })).toHaveAttribute('href', '/specialities');
  },
};

export const LoadedBranded: Story = {
  name: 'Loaded (branded): every link stays in the broker’s client area',
  parameters: {
    route: `/client/dashboard/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...dashboardHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const resume = await canvas.findByRole('region', { name: 'Continue where you left off' });
    await expect(within(resume).getByRole('link', { name: /^Review and buy/ })).toHaveAttribute(
      'href',
      `/client/order/${quotedOrder.submissionId}/${HARBOR_RISK}`,
    );
    const links = within(canvas.getByRole('navigation', { name: 'Your account' }));
    await expect(links.getByRole('link', { name: 'Claims' })).toHaveAttribute('href', `/client/claims/${HARBOR_RISK}`);
  },
};

export const NextStep: Story = {
  name: 'Next step: the link opens the order',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const resume = await canvas.findByRole('region', { name: 'Continue where you left off' });
    await userEvent.click(within(resume).getByRole('link', { name: /^Review and buy/ }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/order/${quotedOrder.submissionId}`);
  },
};

export const NothingToResume: Story = {
  name: 'No open order: no card to resume',
  parameters: {
    msw: { handlers: [...authHandlers(), ...dashboardHandlers({ orders: [completeOrder], openOrder: null })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await orderCards(canvas)).toHaveLength(1);
    await expect(canvas.queryByRole('region', { name: 'Continue where you left off' })).toBeNull();
  },
};

export const Empty: Story = {
  name: 'Empty: no orders yet',
  parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers({ orders: [], openOrder: null })] } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const empty = await canvas.findByRole('region', { name: 'No orders yet' });
    await expect(within(empty).getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.queryByRole('region', { name: 'Your orders' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Continue where you left off' })).toBeNull();
    // The rest of the account is there from the first day.
    await expect(canvas.getByRole('navigation', { name: 'Your account' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...authHandlers(), ...pendingDashboardHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your orders…');
    await expect(canvas.getByRole('navigation', { name: 'Your account' })).toBeVisible();
  },
};

const failingOnce = failingOnceDashboardHandlers();

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  parameters: { msw: { handlers: [...authHandlers(), ...failingOnce.handlers] } },
  beforeEach: failingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your orders. 503: ${ORDERS_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await orderCards(canvas)).toHaveLength(adaOrders.length);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const OpenOrderUnavailable: Story = {
  name: 'Open order unavailable: the list’s newest open order is offered instead',
  parameters: { msw: { handlers: [...authHandlers(), ...openOrderFailingHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const resume = await canvas.findByRole('region', { name: 'Continue where you left off' });
    await expect(resume).toHaveTextContent(`Order ${quotedOrder.number}: Architects`);
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

/** An order an underwriter asked more of: its next step is a status screen, which takes ?submissionid. */
const missingInfoOrder = {
  ...draftOrder,
  submissionId: 4410,
  number: 'Q-2026-004410',
  status: 'missing_info' as const,
  totalCents: 251_000,
  nextStep: {
    action: 'supply' as const,
    label: 'Send the underwriter what they asked for',
    screen: 'incomplete-missing-info',
  },
};

export const NextStepOnStatusScreen: Story = {
  name: 'Next step on a status screen: the link names the order',
  parameters: {
    msw: {
      handlers: [...authHandlers(), ...dashboardHandlers({ orders: [missingInfoOrder], openOrder: missingInfoOrder })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const [card] = (await orderCards(canvas)) as [HTMLElement];
    await expect(within(card).getByRole('link', { name: /^Send the underwriter what they asked for/ })).toHaveAttribute(
      'href',
      `/incomplete-missing-info?submissionid=${missingInfoOrder.submissionId}`,
    );
  },
};

const closable = closableDashboard(adaOrders);

export const CloseOrder: Story = {
  name: 'Close an open order: a reason, then the list shows it closed',
  // The order list answered by closable; the cards beside it by the usual dashboard answers.
  parameters: { msw: { handlers: [...authHandlers(), ...closable.handlers, ...dashboardHandlers()] } },
  beforeEach: closable.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const cards = await orderCards(canvas);
    const [, draft, complete, declined] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // Only open orders can be closed.
    await expect(within(complete).queryByRole('button', { name: /^Close this order/ })).toBeNull();
    await expect(within(declined).queryByRole('button', { name: /^Close this order/ })).toBeNull();
    await userEvent.click(within(draft).getByRole('button', { name: `Close this order, order ${draftOrder.number}` }));
    const dialog = await within(document.body).findByRole('dialog', { name: `Close order ${draftOrder.number}?` });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Reason for closing' }),
      'I no longer need it',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close this order' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText(`Order ${draftOrder.number} is closed.`)).toBeVisible();
    // The list was loaded again: the server's words for the closed order.
    const after = (await orderCards(canvas))[1]!;
    await waitFor(() => expect(after).toHaveTextContent('This order was closed'));
    await expect(within(after).getByText('Closed')).toHaveAttribute('data-order-status', 'close_lost');
    await expect(within(after).queryByRole('button', { name: /^Close this order/ })).toBeNull();
    await expect(closable.sentReasons).toEqual([
      { submissionid: String(draftOrder.submissionId), reason: 'no_longer_needed' },
    ]);
  },
};

const refusing = closableDashboard([{ ...quotedOrder, open: true }]);

export const CloseOrderCancelled: Story = {
  name: 'Close an order, then Cancel: nothing changes',
  // The order list answered by refusing; the cards beside it by the usual dashboard answers.
  parameters: { msw: { handlers: [...authHandlers(), ...refusing.handlers, ...dashboardHandlers()] } },
  beforeEach: refusing.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const [card] = (await orderCards(canvas)) as [HTMLElement];
    const open = within(card).getByRole('button', { name: `Close this order, order ${quotedOrder.number}` });
    await userEvent.click(open);
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
    await expect(open).toHaveFocus();
    await expect(within(card).getByText('Quoted: ready to buy')).toBeVisible();
    await expect(refusing.sentReasons).toEqual([]);
  },
};

const withPolicies = [quotedOrder, inForce.order, cancelledWithTail.order];

/** insured/policies, counted: the dashboard's orders carry their policy's id, so it is never asked. */
const policyLookups = { count: 0 };

export const Policies: Story = {
  name: 'Bound policies: View policy opens each one’s page from the first paint',
  parameters: {
    msw: {
      handlers: [
        ...authHandlers(),
        ...dashboardHandlers({ orders: withPolicies }),
        http.get(POLICY_URLS.policies, () => {
          policyLookups.count += 1;
          return HttpResponse.json([inForce.claimable, cancelledWithTail.claimable]);
        }),
      ],
    },
  },
  beforeEach: () => {
    policyLookups.count = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const [quoted, current, cancelled] = (await orderCards(canvas)) as [HTMLElement, HTMLElement, HTMLElement];
    // No policy yet: no link to one.
    await expect(within(quoted).queryByRole('link', { name: /^View policy/ })).toBeNull();
    for (const [card, world] of [
      [current, inForce],
      [cancelled, cancelledWithTail],
    ] as const) {
      await expect(within(card).getByText(`Policy ${world.claimable.number}`)).toBeVisible();
      // Read as soon as the cards show, without waiting: the link names the policy's page at once.
      await expect(within(card).getByRole('link', { name: `View policy ${world.claimable.number}` })).toHaveAttribute(
        'href',
        `/policy?policyid=${world.claimable.id}`,
      );
    }
    const links = within(canvas.getByRole('navigation', { name: 'Your account' }));
    await expect(links.getByRole('link', { name: 'Your policies' })).toHaveAttribute('href', '/policy');
    await expect(links.getByRole('link', { name: 'Certificates of insurance' })).toHaveAttribute(
      'href',
      '/certificates',
    );
    await userEvent.click(within(current).getByRole('link', { name: `View policy ${inForce.claimable.number}` }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/policy?policyid=${inForce.claimable.id}`);
    await expect(policyLookups.count).toBe(0);
  },
};

/**
 * One policy's order on the dashboard: its card's badge says where the policy stands today (the
 * policy page's words), and its price line what the year costs now or, once cancelled, what came
 * back or is still owed. The order's own status ("Complete: documents issued") no longer shows.
 */
function policyState(
  order: SubmissionSummary,
  expected: { badge: string; term: string; value: string; note?: string },
): Story {
  return {
    parameters: { msw: { handlers: [...authHandlers(), ...dashboardHandlers({ orders: [order] })] } },
    play: async ({ canvasElement }) => {
      const canvas = await screenOf(canvasElement);
      const [card] = (await orderCards(canvas)) as [HTMLElement];
      const badge = card.querySelector('[data-policy-status]');
      await expect(badge).toHaveTextContent(expected.badge, { normalizeWhitespace: true });
      await expect(badge).toHaveAttribute('data-policy-status', order.policy!.status);
      await expect(within(card).queryByText(/Complete: documents issued/)).toBeNull();
      const value = fact(card, expected.term);
      await expect(value).toHaveTextContent(expected.note ? `${expected.value} (${expected.note})` : expected.value, {
        normalizeWhitespace: true,
      });
      if (expected.term !== 'Price for the year') {
        await expect(within(card).queryByText('Price for the year', { selector: 'dt' })).toBeNull();
      }
    },
  };
}

const day = (iso: string) => formatDay(iso);

export const PolicyInForce = policyState(inForceOrder, {
  badge: 'In force',
  term: 'Price for the year',
  value: formatUsd(inForceOrder.totalCents!),
});

export const PolicyChanged = policyState(changedOrder, {
  badge: 'In force, changed',
  term: 'Price for the year',
  value: formatUsd(changedOrder.policy.premiumCents),
  note: `after your changes; ${formatUsd(changedOrder.totalCents!)} when bought`,
});

export const PolicyUnderNotice = policyState(underNoticeOrder, {
  badge: 'Cancellation notice',
  term: 'Price for the year',
  value: formatUsd(underNoticeOrder.totalCents!),
});

export const PolicyCancelled = policyState(cancelledOrder, {
  badge: `Cancelled from ${day(cancelledOrder.policy.cancellationDate!)}`,
  term: 'Owed back to you',
  value: formatUsd(cancelledOrder.policy.cancellationNet!.netCents),
  note: 'we credit or refund it',
});

export const PolicyCancelledAhead = policyState(cancelledAheadOrder, {
  badge: `Cancelled from ${day(cancelledAheadOrder.policy.cancellationDate!)}`,
  term: 'Owed back to you',
  value: formatUsd(cancelledAheadOrder.policy.cancellationNet!.netCents),
  note: 'we credit or refund it',
});

export const PolicyCancelledOwing = policyState(cancelledOwingOrder, {
  badge: `Cancelled from ${day(cancelledOwingOrder.policy!.cancellationDate!)}`,
  term: 'You still owe',
  value: formatUsd(-cancelledOwingOrder.policy!.cancellationNet!.netCents),
  note: 'premium earned for the days covered',
});

export const PolicyExpired = policyState(expiredOrder, {
  badge: 'Expired',
  term: 'Price for the year',
  value: formatUsd(expiredOrder.totalCents!),
});

export const PolicyRenewed = policyState(renewedOrder, {
  badge: 'Renewed',
  term: 'Price for the year',
  value: formatUsd(renewedOrder.totalCents!),
});
