import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import CancellationScreen from '@/screens/cancellation/cancellation-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { clearCheckoutHash } from './support/billing-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  boughtTail,
  cancellationServer,
  cancelledPolicy,
  EARLIER_CANCELLATION,
  expiredPolicy,
  inForcePolicy,
  notStartedPolicy,
  returnOf,
  tailOf,
  tailsFrom,
  TODAY,
  type CancellationServerOptions,
} from './support/cancellation-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The cancel screen (src/screens/cancellation, cancellationMachine): Ada cancels her Architects
 * policy P-2026-004217 (in force), or opens one already cancelled (Dentists, P-2025-003900) or
 * expired (Engineers, P-2025-003100). Every amount is worked out with shared/rating (the
 * fixtures' returnOf and tailOf), never typed. The server's today is Nov 26, 2026.
 */
const server = cancellationServer();
const routeOf = (policyId: number) => `/policy/cancel?policyid=${policyId}`;

const meta = {
  title: 'Screens/Cancellation',
  component: CancellationScreen,
  parameters: {
    route: routeOf(inForcePolicy.id),
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
    clearCheckoutHash();
    return captureDownloads();
  },
} satisfies Meta<typeof CancellationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story whose API is another mock server (its `reset` runs before the story). */
function withServer(options: CancellationServerOptions, route?: string) {
  const other = cancellationServer(options);
  const story: Pick<Story, 'parameters' | 'beforeEach'> = {
    parameters: { ...(route ? { route } : {}), msw: { handlers: [...authHandlers(), ...other.handlers] } },
    beforeEach: () => other.reset(),
  };
  return { other, story };
}

async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="cancellation"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

const day = formatCalendarDay;
const usd = formatUsd;

/** The working as the table shows it: each row's label and figure. */
async function workingRows(canvas: Canvas) {
  const table = await canvas.findByRole('table', { name: 'What you get back' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]);
}

function expectedRows(returned: ReturnType<typeof returnOf>, method: string) {
  return [
    ['Days of cover given up', `${returned.daysRemaining} of ${returned.daysInPeriod} days`],
    ['Your annual premium', usd(returned.annualPremiumCents)],
    [`Premium returned (${method})`, usd(returned.premiumCents)],
    ['Policy fee returned', usd(returned.policyFeeCents)],
    ['Taxes returned', usd(returned.taxCents)],
    ['State fees returned', usd(returned.stateFeeCents)],
    ['Total owed back to you', usd(returned.totalCents)],
  ];
}

/** From the preview of today to the confirmation step. */
async function toConfirmation(canvas: Canvas) {
  await workingRows(canvas);
  await userEvent.selectOptions(canvas.getByLabelText('Why are you cancelling? (optional)'), 'I am retiring');
  await userEvent.click(canvas.getByRole('button', { name: 'Review the cancellation' }));
  return canvas.findByRole('heading', { name: 'Confirm the cancellation' });
}

// ---------------------------------------------------------------------------------------------
// Choosing the policy

export const ChoosePolicy: Story = {
  name: 'Choose a policy (none in the address)',
  parameters: { route: '/policy/cancel' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const links = await picker.findAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [inForcePolicy, notStartedPolicy, cancelledPolicy, expiredPolicy].map((policy) => routeOf(policy.id)),
    );
    await expect(links[0]).toHaveAccessibleName(
      `Architects Policy ${inForcePolicy.number} · ${day(inForcePolicy.effectiveDate)} to ${day(inForcePolicy.expirationDate)}`,
    );
  },
};

export const ChoosePolicyBranded: Story = {
  name: 'Choose a policy (branded): the links stay in the client area',
  parameters: {
    route: `/client/policy/cancel/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const [first] = await picker.findAllByRole('link');
    await expect(first).toHaveAttribute('href', `/client/policy/cancel/${HARBOR_RISK}?policyid=${inForcePolicy.id}`);
  },
};

const none = withServer({ policies: [] }, '/policy/cancel');

export const NoPolicies: Story = {
  name: 'No policy to cancel',
  ...none.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/You have no policy to cancel/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

// ---------------------------------------------------------------------------------------------
// Choosing the day

const pendingQuote = withServer({ pendingQuote: true });

export const ChoosingDate: Story = {
  name: 'Choosing the day: today to start with, its return being worked out',
  ...pendingQuote.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const date = await canvas.findByLabelText('Cancellation date');
    await expect(date).toHaveValue(TODAY);
    await expect(date).toHaveAttribute('min', TODAY);
    await expect(date).toHaveAttribute('max', '2027-06-30');
    await expect(canvas.getByText(`In force`)).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent('Working out your return premium…');
    await expect(canvas.getByRole('button', { name: 'Review the cancellation' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(pendingQuote.other.quotes).toEqual([TODAY]);
  },
};

export const PreviewProRata: Story = {
  name: 'Preview, pro rata: the working, asked again when the day changes',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await workingRows(canvas)).toEqual(expectedRows(returnOf(inForcePolicy, TODAY), 'pro rata'));
    await expect(canvas.getByText(/You get back the premium for exactly the days of cover you give up/)).toBeVisible();
    // Today chosen: cover stops at 12:01 a.m. today, the first day without cover — said plainly as already past.
    await expect(
      canvas.getByText(/The first day without cover: your cover stops at 12:01 a\.m\. on the day/),
    ).toHaveTextContent(`From ${day(TODAY)} (today) to`);
    await expect(canvas.getByRole('note')).toHaveTextContent(
      `Your cover stops at the start of today (12:01 a.m., ${day(TODAY)}), already past`,
    );
    await expect(canvas.getByRole('note')).toHaveTextContent(
      `unless you buy a tail (an extended reporting period), from ${usd(tailOf(1, TODAY).totalCents)} for a year`,
    );

    const later = '2027-01-15';
    const date = canvas.getByLabelText('Cancellation date');
    await userEvent.clear(date);
    await userEvent.type(date, later);
    await waitFor(async () =>
      expect(await workingRows(canvas)).toEqual(expectedRows(returnOf(inForcePolicy, later), 'pro rata')),
    );
    await expect(server.quotes.at(-1)).toBe(later);
    await expect(canvas.getByRole('note')).toHaveTextContent(`Your cover stops at 12:01 a.m. on ${day(later)}`);
  },
};

export const DateOutOfRange: Story = {
  name: 'A day after the period: refused by the field, nothing asked',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await workingRows(canvas);
    const asked = server.quotes.length;
    const date = canvas.getByLabelText('Cancellation date');
    await userEvent.clear(date);
    await userEvent.type(date, '2027-08-01');
    await expect(await canvas.findByText(/The cancellation date must be before the expiration date/)).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(server.quotes.length).toBe(asked);
  },
};

const shortRate = withServer({ shortRate: true });

export const PreviewShortRate: Story = {
  name: 'Preview, short rate: what it means in one sentence',
  ...shortRate.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await workingRows(canvas)).toEqual(expectedRows(returnOf(inForcePolicy, TODAY, true), 'short rate'));
    await expect(canvas.getByText(/you get back 90% of the premium for the days you give up/)).toBeVisible();
  },
};

export const FlatCancellation: Story = {
  name: 'Not started yet: a flat cancellation, everything back',
  parameters: { route: routeOf(notStartedPolicy.id) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const date = await canvas.findByLabelText('Cancellation date');
    await expect(date).toHaveValue(notStartedPolicy.effectiveDate);
    await expect(canvas.getByText(/flat cancellation — everything you paid comes back/)).toBeVisible();
    await expect(canvas.getByText(/^The first day without cover/)).toHaveTextContent(
      `Your policy starts on ${day(notStartedPolicy.effectiveDate)}: cancelled from that day, it is a flat cancellation`,
    );
    const returned = returnOf(notStartedPolicy, notStartedPolicy.effectiveDate);
    await expect(returned.premiumCents).toBe(returned.annualPremiumCents);
    await expect(await workingRows(canvas)).toEqual(expectedRows(returned, 'flat cancellation'));
  },
};

// ---------------------------------------------------------------------------------------------
// Confirming and cancelled

export const Confirming: Story = {
  name: 'Confirming: a deliberate second step',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const heading = await toConfirmation(canvas);
    await waitFor(() => expect(heading).toHaveFocus());
    const returned = returnOf(inForcePolicy, TODAY);
    await expect(canvas.getByText('Owed back to you').nextElementSibling).toHaveTextContent(usd(returned.totalCents));
    await expect(canvas.getByText('Reason').nextElementSibling).toHaveTextContent('I am retiring');
    // The summary says what the form and the box below say: from the start of today, already past.
    await expect(canvas.getByText('Cover stops').nextElementSibling).toHaveTextContent(
      `At the start of today (12:01 a.m., ${day(TODAY)}), already past`,
    );
    await expect(
      canvas.getByRole('button', { name: `Cancel policy ${inForcePolicy.number} from ${day(TODAY)}` }),
    ).toBeVisible();
    // Nothing is cancelled until that button is pressed; Go back keeps the day.
    await expect(server.cancels).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'Go back' }));
    await expect(await canvas.findByLabelText('Cancellation date')).toHaveValue(TODAY);
  },
};

const onPlan = withServer({ unpaidCents: returnOf(inForcePolicy, TODAY).totalCents + 41_250 });

export const OnPaymentPlanStillOwed: Story = {
  name: 'On a payment plan: the instalments not yet paid set against the return, what would still be owed',
  ...onPlan.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const returned = returnOf(inForcePolicy, TODAY);
    await expect(await workingRows(canvas)).toEqual(expectedRows(returned, 'pro rata'));
    await expect(canvas.getByText(/^Less your instalments not yet paid/)).toHaveTextContent(
      `Less your instalments not yet paid, ${usd(returned.totalCents + 41_250)}: you would still owe ${usd(41_250)}`,
    );
    await toConfirmation(canvas);
    await expect(canvas.getByText('Instalments not yet paid').nextElementSibling).toHaveTextContent(
      usd(returned.totalCents + 41_250),
    );
    await expect(canvas.getByText('You would still owe').nextElementSibling).toHaveTextContent(usd(41_250));
    await expect(canvas.queryByText('Owed back to you')).toBeNull();
  },
};

export const CancelledWithTailOffer: Story = {
  name: 'Cancelled: what is owed back, the notice and the tail offer',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await toConfirmation(canvas);
    await userEvent.click(
      canvas.getByRole('button', { name: `Cancel policy ${inForcePolicy.number} from ${day(TODAY)}` }),
    );
    const done = await canvas.findByRole('heading', {
      name: `Policy ${inForcePolicy.number} is cancelled from ${day(TODAY)}`,
    });
    await waitFor(() => expect(done).toHaveFocus());
    await expect(canvas.getByText(/Return premium owed to you/)).toHaveTextContent(
      usd(returnOf(inForcePolicy, TODAY).totalCents),
    );
    await expect(server.cancels).toHaveLength(1);
    await expect(server.cancels[0]!.body).toEqual({
      policyid: inForcePolicy.id,
      cancellationDate: TODAY,
      reason: 'I am retiring',
    });
    await expect(server.cancels[0]!.idempotencyKey).toBeTruthy();

    await userEvent.click(canvas.getByRole('button', { name: 'Download the cancellation notice (PDF)' }));
    await waitFor(() =>
      expect(downloads.map((file) => file.fileName)).toEqual([`endorsement-${inForcePolicy.id * 100 + 1}.pdf`]),
    );

    const tails = within(await canvas.findByRole('region', { name: /the tail$/ }));
    const items = tails.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    for (const [index, option] of tailsFrom(TODAY).entries()) {
      await expect(items[index]).toHaveTextContent(usd(option.totalCents));
      await expect(items[index]).toHaveTextContent(`Claims reported until ${day(option.reportingUntil)}`);
    }
    await expect(tails.getByRole('button', { name: 'Buy the 2-year tail' })).toBeVisible();
  },
};

const buying = withServer({ pendingPay: true }, routeOf(cancelledPolicy.id));

export const BuyingTail: Story = {
  name: 'Buying a tail: bought, its secure checkout opening',
  ...buying.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Buy the 2-year tail' }));
    await expect(await canvas.findByRole('button', { name: /Opening the secure checkout/ })).toBeVisible();
    await expect(canvas.getByText(/You have a/).textContent).toBe(
      `You have a 2-year tail (${cancelledPolicy.number}-E02): claims made against you can be reported until ${day(tailOf(2, EARLIER_CANCELLATION).reportingUntil)}.`,
    );
    await expect(buying.other.tails.map((call) => call.body)).toEqual([{ policyid: cancelledPolicy.id, years: 2 }]);
    await expect(buying.other.payments.map((call) => call.body)).toEqual([
      { endorsementid: cancelledPolicy.id * 100 + 2 },
    ]);
    await expect(buying.other.payments[0]!.idempotencyKey).toBeTruthy();
  },
};

export const TailToCheckout: Story = {
  name: 'Buying a tail: the browser goes to the hosted checkout',
  parameters: { route: routeOf(expiredPolicy.id) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Buy the 1-year tail' }));
    await waitFor(() => expect(window.location.hash).toBe('#sandbox-checkout-cs_sandbox_tail'));
  },
};

const withTail = withServer({ tail: boughtTail() }, routeOf(cancelledPolicy.id));

export const TailAlreadyBought: Story = {
  name: 'A tail bought, waiting for its payment: Pay, no second offer',
  ...withTail.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const tail = tailOf(2, EARLIER_CANCELLATION);
    await expect(await canvas.findByText(/It is waiting for its payment/)).toHaveTextContent(usd(tail.totalCents));
    await expect(canvas.queryByRole('button', { name: /Buy the/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: `Pay ${usd(tail.totalCents)} for your tail` })).toBeVisible();
  },
};

const tailLeftUnpaid = withServer({ tail: boughtTail() }, `${routeOf(cancelledPolicy.id)}&unpaid=390002`);

export const TailBackFromCheckoutUnpaid: Story = {
  name: 'Back from the hosted checkout with the tail unpaid: not paid, Pay now',
  ...tailLeftUnpaid.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const tail = tailOf(2, EARLIER_CANCELLATION);
    await expect(await canvas.findByText(/^You left the payment page before paying/)).toHaveTextContent(
      'You left the payment page before paying, so nothing was charged and the tail is not in place yet. Pay now to put it in place.',
    );
    await userEvent.click(canvas.getByRole('button', { name: `Pay ${usd(tail.totalCents)} for your tail` }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#sandbox-checkout/));
  },
};

const tailPaid = withServer({ tail: boughtTail('issued') }, routeOf(cancelledPolicy.id));

export const TailPaid: Story = {
  name: 'A tail paid: in place, nothing to buy or pay',
  ...tailPaid.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/It is paid and in place/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Buy the|Pay / })).toBeNull();
  },
};

export const CancelledBefore: Story = {
  name: 'Cancelled before: the standing, the notice and the tail offer only',
  parameters: { route: routeOf(cancelledPolicy.id) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: `Policy ${cancelledPolicy.number} is cancelled from ${day(EARLIER_CANCELLATION)}`,
      }),
    ).toBeVisible();
    await expect(canvas.getByText('Reason given: I sold or closed my practice')).toBeVisible();
    await expect(canvas.queryByLabelText('Cancellation date')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Download the cancellation notice (PDF)' })).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Buy the \d-year tail$/ })).toHaveLength(3);
  },
};

export const ExpiredTailOnly: Story = {
  name: 'Expired: only the tail offer, from the expiration date',
  parameters: { route: routeOf(expiredPolicy.id) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: `Policy ${expiredPolicy.number} expired on ${day(expiredPolicy.expirationDate)}`,
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /cancellation notice/ })).toBeNull();
    const items = within(await canvas.findByRole('region', { name: /the tail$/ })).getAllByRole('listitem');
    await expect(items[2]).toHaveTextContent(usd(tailOf(3, expiredPolicy.expirationDate).totalCents));
  },
};

// ---------------------------------------------------------------------------------------------
// Refusals and failures

const conflict = withServer({ conflictOnCancel: true });

export const NotAllowed: Story = {
  name: 'Not allowed (409): cancelled meanwhile, the server’s words and the standing',
  ...conflict.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await toConfirmation(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /^Cancel policy/ }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `Policy ${inForcePolicy.number} is cancelled from Nov 20, 2026: it cannot be cancelled again`,
    );
    await expect(within(alert).getByRole('button', { name: 'See where your policy stands' })).toBeVisible();
  },
};

const failing = withServer({ failOptionsOnce: true });

export const ServerFailure: Story = {
  name: 'Server failure, then Try again',
  ...failing.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'We could not load this policy. The policy service is unavailable. Please try again in a minute.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByLabelText('Cancellation date')).toHaveValue(TODAY);
  },
};
