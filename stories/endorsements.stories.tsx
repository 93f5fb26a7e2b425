import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import EndorsementsScreen from '@/screens/endorsements/endorsements-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import {
  annualPremium,
  cancelledChangePolicy,
  changeOptions,
  changePolicy,
  endorsementFileName,
  endorsementsServer,
  priceChange,
  type EndorsementsServer,
  type EndorsementsServerOptions,
} from './support/endorsements-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The change screen (src/screens/endorsements, endorsementsMachine): Ada changes her Architects
 * policy P-2026-004217 (in force, $1M / $1M, $2,500 deductible, Jul 1, 2026 to Jul 1, 2027) from
 * Nov 26, 2026. Every price is the rating engine's (stories/support/endorsements-fixtures.ts).
 */
const ROUTE = `/policy/changes?policyid=${changePolicy.id}`;
const server = endorsementsServer();

const meta = {
  title: 'Screens/Change your policy',
  component: EndorsementsScreen,
  parameters: {
    route: ROUTE,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
    return captureDownloads();
  },
} satisfies Meta<typeof EndorsementsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story whose API is another mock server (its `reset` runs before the story). */
function served(options: EndorsementsServerOptions, route?: string) {
  const other = endorsementsServer(options);
  const story: Pick<Story, 'parameters' | 'beforeEach'> = {
    parameters: { ...(route ? { route } : {}), msw: { handlers: [...authHandlers(), ...other.handlers] } },
    beforeEach: () => {
      other.reset();
    },
  };
  return { other, story };
}

async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="endorsements"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function formOf(canvas: Canvas) {
  return within(await canvas.findByRole('region', { name: 'What would you like to change?' }));
}

const priceOf = (canvas: Canvas) => within(canvas.getByRole('region', { name: 'The price of this change' }));
const line = (scope: Canvas, term: string) => scope.getByText(term, { selector: 'dt' }).nextElementSibling;

/** The price region's status, once it says the total. */
async function totalSaid(canvas: Canvas, words: string) {
  const price = priceOf(canvas);
  await waitFor(() => expect(price.getByRole('status')).toHaveTextContent(words), { timeout: 3000 });
  return price;
}

const raise = { limitCode: '2M/4M', effectiveDate: changeOptions.earliestEffectiveDate };
const lower = { deductibleCode: '10000', effectiveDate: changeOptions.earliestEffectiveDate };
const raised = priceChange(raise);
const lowered = priceChange(lower);

// ---------------------------------------------------------------------------------------------
// Which policy

export const ChoosePolicy: Story = {
  name: 'Choose a policy (none in the address)',
  parameters: { route: '/policy/changes' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const links = await picker.findAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/policy/changes?policyid=${changePolicy.id}`,
      `/policy/changes?policyid=${cancelledChangePolicy.id}`,
    ]);
    await expect(links[0]).toHaveAccessibleName(
      `Architects Policy ${changePolicy.number} · Jul 1, 2026 to Jul 1, 2027`,
    );
  },
};

export const ChoosePolicyBranded: Story = {
  name: 'Choose a policy (branded): the links stay in the client area',
  parameters: {
    route: `/client/policy/changes/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const [first] = await picker.findAllByRole('link');
    await expect(first).toHaveAttribute('href', `/client/policy/changes/${HARBOR_RISK}?policyid=${changePolicy.id}`);
  },
};

const none = served({ policies: [] }, '/policy/changes');

export const NoPolicies: Story = {
  name: 'No policy yet',
  ...none.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/A policy can be changed once it is issued/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

// ---------------------------------------------------------------------------------------------
// The policy

const pending = served({ pendingOptions: true });

export const Loading: Story = {
  ...pending.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your policy…');
  },
};

const failingOnce = served({ failOptionsOnce: true });

export const LoadFailed: Story = {
  name: 'Server failure, then Try again',
  ...failingOnce.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load this policy. The policy service is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await formOf(canvas)).toBeTruthy();
  },
};

export const NotInForce: Story = {
  name: 'A policy not in force: said plainly, no form',
  parameters: { route: `/policy/changes?policyid=${cancelledChangePolicy.id}` },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'This policy can no longer be changed' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(`Policy ${cancelledChangePolicy.number} is cancelled: it can no longer be changed.`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'What would you like to change?' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'See your policy' })).toHaveAttribute(
      'href',
      `/policy?policyid=${cancelledChangePolicy.id}`,
    );
  },
};

export const Choosing: Story = {
  name: 'Choosing: the policy as it stands and the form, nothing priced yet',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await expect(canvas.getByText(changePolicy.number)).toBeVisible();
    await expect(canvas.getByText('In force')).toBeVisible();
    await expect(line(canvas, 'Policy period')).toHaveTextContent('Jul 1, 2026 to Jul 1, 2027');
    await expect(line(canvas, 'Limit of liability')).toHaveTextContent('$1,000,000 / $1,000,000');
    await expect(line(canvas, 'Deductible')).toHaveTextContent('$2,500');
    await expect(line(canvas, 'Practice address')).toHaveTextContent('1200 Smith Street, Suite 400, Houston, TX 77002');
    // The current choices are selected and marked; the change starts today.
    await expect(form.getByLabelText(/^Limit of liability/)).toHaveValue('1M/1M');
    // "Now" in the hint rather than the option, which a phone cut off ("$1,000,000 / $1,000,000 (curre…").
    await expect(form.getByRole('option', { name: '$1,000,000 / $1,000,000' })).toBeInTheDocument();
    await expect(form.getByLabelText(/^Limit of liability/)).toHaveAccessibleDescription(
      'Per claim / in all for the policy period. Now: $1,000,000 / $1,000,000.',
    );
    await expect(form.getByLabelText(/^Deductible/)).toHaveValue('2500');
    await expect(form.getByLabelText(/^Effective date/)).toHaveValue('2026-11-26');
    await expect(form.getByLabelText(/^Effective date/)).toHaveAccessibleDescription(
      'The day the change starts: from Nov 26, 2026 to Jun 30, 2027.',
    );
    await expect(priceOf(canvas).getByRole('status')).toHaveTextContent(
      'Choose a new limit or deductible, or correct your details, to see the price.',
    );
    await expect(server.previews).toEqual([]);
  },
};

export const PreviewIncrease: Story = {
  name: 'Previewing a higher limit: additional premium due now',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const price = await totalSaid(canvas, `Additional premium ${formatUsd(raised.totalCents)} due now.`);
    await expect(raised.totalCents).toBeGreaterThan(0);
    await expect(server.previews).toEqual([raise]);
    await expect(price.getByText('Limit of liability', { exact: false }).closest('li')).toHaveTextContent(
      'Limit of liability: $1,000,000 / $1,000,000 → becomes $2,000,000 / $4,000,000',
    );
    await expect(line(price, 'Annual premium now')).toHaveTextContent(formatUsd(annualPremium('1M/1M', '2500')));
    await expect(line(price, 'Annual premium with the change')).toHaveTextContent(
      formatUsd(annualPremium('2M/4M', '2500')),
    );
    await expect(line(price, 'Days of cover left')).toHaveTextContent('217 of 365 days');
    await expect(line(price, 'Prorated premium')).toHaveTextContent(`+${formatUsd(raised.proratedPremiumCents)}`);
    await expect(line(price, 'Premium tax')).toHaveTextContent(`+${formatUsd(raised.taxCents)}`);
    await expect(line(price, 'Total')).toHaveTextContent(`Additional premium ${formatUsd(raised.totalCents)} due now`);
    await expect(price.getByRole('button', { name: 'Confirm the change' })).toBeVisible();
  },
};

export const PreviewDecrease: Story = {
  name: 'Previewing a higher deductible: return premium owed',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Deductible/), '10000');
    const price = await totalSaid(canvas, `Return premium ${formatUsd(-lowered.totalCents)} owed to you.`);
    await expect(lowered.totalCents).toBeLessThan(0);
    await expect(line(price, 'Prorated premium')).toHaveTextContent(formatUsd(lowered.proratedPremiumCents));
    await expect(line(price, 'Total')).toHaveTextContent(
      `Return premium ${formatUsd(-lowered.totalCents)} owed to you`,
    );
  },
};

export const RepricedOnEachChange: Story = {
  name: 'Each change is priced again, only once the form rests',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    const limit = form.getByLabelText(/^Limit of liability/);
    // Three choices in a row: priced once, as the last of them.
    await userEvent.selectOptions(limit, '1M/3M');
    await userEvent.selectOptions(limit, '500K/1M');
    await userEvent.selectOptions(limit, '2M/4M');
    await totalSaid(canvas, `Additional premium ${formatUsd(raised.totalCents)} due now.`);
    await expect(server.previews).toEqual([raise]);
    // A later effective date: fewer days, a smaller premium.
    const date = form.getByLabelText(/^Effective date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2027-01-01');
    const later = priceChange({ ...raise, effectiveDate: '2027-01-01' });
    const price = await totalSaid(canvas, `Additional premium ${formatUsd(later.totalCents)} due now.`);
    await expect(line(price, 'Days of cover left')).toHaveTextContent(`${later.daysRemaining} of 365 days`);
    await expect(server.previews.at(-1)).toEqual({ ...raise, effectiveDate: '2027-01-01' });
    // Back to the policy's own limit: nothing to price.
    await userEvent.selectOptions(limit, '1M/1M');
    await waitFor(() =>
      expect(priceOf(canvas).getByRole('status')).toHaveTextContent(/^Choose a new limit or deductible/),
    );
    await expect(priceOf(canvas).queryByRole('button', { name: 'Confirm the change' })).toBeNull();
  },
};

export const DateOutsidePeriod: Story = {
  name: 'An effective date outside the period: named, nothing priced',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const date = form.getByLabelText(/^Effective date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2027-08-01');
    await expect(date).toHaveAccessibleDescription(/Effective date must be from Nov 26, 2026 to Jun 30, 2027$/);
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(server.previews.every((change) => change.effectiveDate !== '2027-08-01')).toBe(true);
  },
};

const refusing = served({ refusePreview: true });

export const PreviewRefused: Story = {
  name: 'Preview refused: the policy was cancelled meanwhile (409)',
  ...refusing.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const alert = await priceOf(canvas).findByRole('alert', {}, { timeout: 3000 });
    await expect(alert).toHaveTextContent(
      `We could not price this change. Policy ${changePolicy.number} is cancelled: it can no longer be changed`,
    );
    await expect(priceOf(canvas).queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(refusing.other.previews).toHaveLength(2));
  },
};

export const CorrectName: Story = {
  name: 'Correcting the named insured: no premium, issued at once',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.click(form.getByText('Correct the named insured or the practice address'));
    const name = form.getByLabelText(/^Named insured/);
    await userEvent.clear(name);
    // Emptied, the name is not sent: it says why once left.
    await userEvent.tab();
    await expect(name).toHaveAccessibleDescription(/Named insured is required$/);
    await userEvent.type(name, 'Ada Lovelace Architecture LLC');
    const price = await totalSaid(canvas, 'No change to your premium.');
    await expect(server.previews.at(-1)).toEqual({
      insuredName: 'Ada Lovelace Architecture LLC',
      effectiveDate: '2026-11-26',
    });
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    const made = await canvas.findByRole('heading', {
      level: 2,
      name: `Your change ${changePolicy.number}-E01 is made`,
    });
    await waitFor(() => expect(made).toHaveFocus());
    await expect(canvas.getByText('Nothing more to pay.')).toBeVisible();
  },
};

const confirming = served({ pendingEndorse: true });

export const Confirming: Story = {
  name: 'Confirming: the change is being made',
  ...confirming.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Deductible/), '10000');
    const price = await totalSaid(canvas, 'owed to you');
    const confirm = price.getByRole('button', { name: 'Confirm the change' });
    await userEvent.click(confirm);
    await expect(await price.findByRole('button', { name: 'Making the change…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // A second click sends nothing more; the form is held as it was.
    await userEvent.click(price.getByRole('button', { name: 'Making the change…' }));
    await expect(confirming.other.endorsed).toHaveLength(1);
    await expect(form.getByLabelText(/^Deductible/)).toBeDisabled();
  },
};

export const Issued: Story = {
  name: 'Issued: a return premium, the endorsement to download, the way to the policy',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Deductible/), '10000');
    const price = await totalSaid(canvas, 'owed to you');
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    const number = `${changePolicy.number}-E01`;
    const outcome = within(await canvas.findByRole('region', { name: `Your change ${number} is made` }));
    await expect(server.endorsed).toEqual([
      { body: { ...lower, policyid: changePolicy.id }, idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    await expect(outcome.getByText(/^It takes effect on Nov 26, 2026/)).toBeVisible();
    await expect(outcome.getByRole('listitem')).toHaveTextContent('Deductible: $2,500 → becomes $10,000');
    await expect(
      outcome.getByText(`Return premium ${formatUsd(-lowered.totalCents)} owed to you: we credit or refund it to you.`),
    ).toBeVisible();
    await expect(outcome.getByRole('link', { name: 'See your policy' })).toHaveAttribute(
      'href',
      `/policy?policyid=${changePolicy.id}`,
    );
    // The policy above now reads as changed.
    await expect(line(canvas, 'Deductible')).toHaveTextContent('$10,000');
    await userEvent.click(outcome.getByRole('button', { name: 'Download the endorsement (PDF)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]!.fileName).toBe(endorsementFileName(number));
    await expect(await outcome.findByText(`The endorsement ${number} has been downloaded.`)).toHaveAttribute(
      'role',
      'status',
    );
  },
};

export const AwaitingPayment: Story = {
  name: 'Awaiting payment: Pay opens the hosted checkout',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const price = await totalSaid(canvas, 'due now');
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    const due = formatUsd(raised.totalCents);
    const heading = await canvas.findByRole('heading', { level: 2, name: `Pay ${due} to make your change` });
    await waitFor(() => expect(heading).toHaveFocus());
    const outcome = within(heading.closest('section')!);
    await expect(outcome.getByText(/^Change P-2026-004217-E01 is ready/)).toHaveTextContent(
      `It takes effect once the additional premium of ${due} is paid.`,
    );
    await userEvent.click(outcome.getByRole('button', { name: `Pay ${due}` }));
    await waitFor(() => expect(window.location.hash).toBe('#sandbox-checkout-endorsement'));
    await expect(server.payments).toEqual([
      { body: { endorsementid: 70 }, idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  },
};

const retried = served({ failEndorseOnce: true });

export const ConfirmRetried: Story = {
  name: 'A confirmation whose answer was lost: Confirm again makes one change',
  ...retried.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const price = await totalSaid(canvas, 'due now');
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    const alert = await price.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not make this change. The service did not answer in time.');
    await waitFor(() => expect(alert).toHaveFocus());
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    await canvas.findByRole('heading', { level: 2, name: `Pay ${formatUsd(raised.totalCents)} to make your change` });
    const [first, second] = retried.other.endorsed;
    await expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  },
};

const waiting = served({
  options: {
    ...changeOptions,
    awaitingPayment: { id: 66, number: `${changePolicy.number}-E01`, totalChangeCents: raised.totalCents },
  },
});

export const EarlierChangeWaiting: Story = {
  name: 'A change left waiting for its payment: pay it first',
  ...waiting.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 2,
        name: `Your change ${changePolicy.number}-E01 is waiting for its payment`,
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'What would you like to change?' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `Pay ${formatUsd(raised.totalCents)}` }));
    await waitFor(() => expect(window.location.hash).toBe('#sandbox-checkout-endorsement'));
    await expect((waiting.other as EndorsementsServer).payments.map((payment) => payment.body)).toEqual([
      { endorsementid: 66 },
    ]);
  },
};

const referring = served({ referEndorse: true });

export const Referred: Story = {
  name: 'Referred: above the automatic authority, the change goes to an underwriter',
  ...referring.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await formOf(canvas);
    await userEvent.selectOptions(form.getByLabelText(/^Limit of liability/), '2M/4M');
    const price = await totalSaid(canvas, 'due now');
    await userEvent.click(price.getByRole('button', { name: 'Confirm the change' }));
    const heading = await canvas.findByRole('heading', {
      level: 2,
      name: `Your change ${changePolicy.number}-E01 is with an underwriter`,
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const outcome = within(heading.closest('section')!);
    await expect(
      outcome.getByText('Our underwriters look at this change before it is made. We e-mail you their answer.'),
    ).toBeVisible();
    await expect(outcome.getByText(/^Limit of liability:/)).toBeVisible();
    // Nothing to pay until it is approved.
    await expect(outcome.queryByRole('button', { name: /^Pay / })).toBeNull();
    await expect(outcome.getByRole('link', { name: 'See your policy' })).toHaveAttribute(
      'href',
      `/policy?policyid=${changePolicy.id}`,
    );
  },
};

const stillReferred = served({
  options: { ...changeOptions, referred: { id: 68, number: `${changePolicy.number}-E01` } },
});

export const ReferredOnOpening: Story = {
  name: 'A change still with the underwriter on opening: no other until it is decided',
  ...stillReferred.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 2,
        name: `Your change ${changePolicy.number}-E01 is with an underwriter`,
      }),
    ).toBeVisible();
    await expect(canvas.getByText('Another change can be asked for once they have decided.')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'What would you like to change?' })).toBeNull();
  },
};

const leftUnpaid = served(
  {
    options: {
      ...changeOptions,
      awaitingPayment: { id: 66, number: `${changePolicy.number}-E01`, totalChangeCents: raised.totalCents },
    },
  },
  `/policy/changes?policyid=${changePolicy.id}&unpaid=66`,
);

export const BackFromCheckoutUnpaid: Story = {
  name: 'Back from the hosted checkout unpaid: not paid, Pay now',
  ...leftUnpaid.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const heading = await canvas.findByRole('heading', {
      level: 2,
      name: `Your change ${changePolicy.number}-E01 is waiting for its payment`,
    });
    const outcome = within(heading.closest('section')!);
    await expect(outcome.getByText(/^You left the payment page before paying/)).toHaveTextContent(
      'You left the payment page before paying, so nothing was charged and your change is not made yet. Pay now to put it in place.',
    );
    await userEvent.click(outcome.getByRole('button', { name: `Pay ${formatUsd(raised.totalCents)}` }));
    await waitFor(() => expect(window.location.hash).toBe('#sandbox-checkout-endorsement'));
    await expect((leftUnpaid.other as EndorsementsServer).payments.map((payment) => payment.body)).toEqual([
      { endorsementid: 66 },
    ]);
  },
};
