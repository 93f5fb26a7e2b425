import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import RenewalScreen from '@/screens/renewal/renewal-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { clearCheckoutHash } from './support/billing-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  checkout,
  lastYear,
  newQuestion,
  renewalOf,
  renewalPricedWith,
  renewalServer,
  renewingPolicy,
  thisYear,
  type RenewalServerOptions,
} from './support/renewal-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { onAPhone } from './support/viewports';

/**
 * The renewal screen (src/screens/renewal, renewalMachine): Ada's Architects policy P-2026-004217
 * ends in 45 days and has its renewal offer — this year's premium on version 2 of the Texas table
 * against last year's, both worked out by the rating engine (stories/support/renewal-fixtures.ts),
 * one new question asked. Every state of the machine, each from its own mock server.
 */
const routeOf = (policyId: number) => `/policy/renewal?policyid=${policyId}`;

function withServer(options: RenewalServerOptions = {}, route = routeOf(renewingPolicy.id)) {
  const server = renewalServer(options);
  const story: Pick<Story, 'parameters' | 'beforeEach'> = {
    parameters: { route, msw: { handlers: [...authHandlers(), ...server.handlers] } },
    beforeEach: () => {
      server.reset();
      clearCheckoutHash();
    },
  };
  return { server, story };
}

const meta = {
  title: 'Screens/Renewal',
  component: RenewalScreen,
  parameters: {
    route: routeOf(renewingPolicy.id),
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...renewalServer().handlers] },
  } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof RenewalScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function screenOf(canvasElement: HTMLElement) {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="renewal"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

const offered = withServer();

export const Offered: Story = {
  name: 'Offered: this year against last, what changed, the new question, Accept and pay',
  ...offered.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: `Your renewal: ${renewingPolicy.number}-R1` }),
    ).toBeVisible();
    await expect(canvasElement.querySelector('.renewal-offer__amount')).toHaveTextContent(
      formatUsd(thisYear.totalCents),
    );
    await expect(canvas.getByText(`(last year ${formatUsd(lastYear.totalCents)})`)).toBeVisible();
    const changes = within(canvas.getByRole('table'));
    await expect(changes.getByRole('rowheader', { name: thisYear.worksheet[0]!.label })).toBeVisible();
    await expect(canvas.getByRole('group', { name: newQuestion.text })).toBeVisible();
    await expect(canvas.getByText(`New period:`, { exact: false })).toHaveTextContent(
      formatCalendarDay(renewingPolicy.expirationDate),
    );
  },
};

export const OfferedOnAPhone: Story = {
  name: 'Offered, on a phone',
  beforeEach: offered.story.beforeEach,
  globals: onAPhone.globals,
  parameters: { ...onAPhone.parameters, ...offered.story.parameters },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Accept and pay' })).toBeVisible();
  },
};

export const MissingAnswers: Story = {
  name: 'Accept without answering or signing: each field says what, nothing is sent',
  ...offered.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept and pay' }));
    await expect(await canvas.findByText('Please answer this question.')).toBeVisible();
    await expect(canvas.getByText('Type your full name to sign')).toBeVisible();
    await expect(canvas.getByText('Tick the box to agree')).toBeVisible();
    await expect(offered.server.accepted).toHaveLength(0);
  },
};

const paying = withServer();

export const AcceptAndPay: Story = {
  name: 'Accept and pay: answered, signed, one acceptance with a key, off to the hosted checkout',
  ...paying.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const question = within(await canvas.findByRole('group', { name: newQuestion.text }));
    await userEvent.click(question.getByRole('radio', { name: 'No' }));
    await userEvent.type(canvas.getByLabelText('Your full name, as your signature'), 'Ada Lovelace');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept and pay' }));
    await waitFor(() => expect(window.location.hash).toBe(`#sandbox-checkout-${checkout.sessionId}`));
    await expect(paying.server.accepted).toHaveLength(1);
    await expect(paying.server.accepted[0]!.body).toMatchObject({
      policyid: renewingPolicy.id,
      answers: { bim_coordination: 'no' },
      signerName: 'Ada Lovelace',
      consentToElectronicRecords: true,
      agreeToDeclarations: true,
    });
    await expect(paying.server.accepted[0]!.key).toMatch(/^[0-9a-f]{64}$/);
  },
};

/** Answers the new question Yes: the renewal is priced again by the server as the insured answers. */
async function answerYes(canvasElement: HTMLElement) {
  const canvas = await screenOf(canvasElement);
  const question = within(await canvas.findByRole('group', { name: newQuestion.text }));
  await userEvent.click(question.getByRole('radio', { name: 'Yes' }));
  return canvas;
}

const previewed = withServer();

export const PricedPreview: Story = {
  name: 'Priced as the insured answers: premium, fees, taxes and total for the answers given, before accepting',
  ...previewed.story,
  play: async ({ canvasElement }) => {
    const canvas = await answerYes(canvasElement);
    const yes = renewalPricedWith('yes').rating;
    // The server's price for these answers replaces the offer's, with its lines.
    await expect(await canvas.findByText('Priced with your answers.')).toBeInTheDocument();
    await expect(canvasElement.querySelector('.renewal-offer__amount')).toHaveTextContent(formatUsd(yes.totalCents));
    const price = within(canvasElement.querySelector<HTMLElement>('.renewal-price')!);
    await expect(price.getByText('Premium').nextElementSibling).toHaveTextContent(formatUsd(yes.premiumCents));
    await expect(price.getByText('Premium tax').nextElementSibling).toHaveTextContent(formatUsd(yes.taxCents));
    await expect(price.getByText('Total for the year').nextElementSibling).toHaveTextContent(formatUsd(yes.totalCents));
    await expect(yes.totalCents).toBeGreaterThan(thisYear.totalCents);
    // Priced once, with exactly the answers Accept and pay would send; nothing accepted.
    await expect(previewed.server.quoted).toEqual([
      {
        policyid: renewingPolicy.id,
        answers: { bim_coordination: 'yes' },
        applicationAnswers: {},
        paymentTerm: 'annual',
      },
    ]);
    await expect(previewed.server.accepted).toHaveLength(0);
  },
};

const held = withServer({ quote: 'held' });

export const Pricing: Story = {
  name: 'Pricing the answers: the last price dimmed, “working out your price” said',
  ...held.story,
  play: async ({ canvasElement }) => {
    const canvas = await answerYes(canvasElement);
    await expect(await canvas.findByText('Working out your price for these answers…')).toBeVisible();
    await expect(canvasElement.querySelector('.renewal-offer__priced')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Accept and pay' })).toBeEnabled();
  },
};

const priceRefused = withServer({ quote: 'refused' });

export const PriceError: Story = {
  name: 'The answers could not be priced: the server’s words, by the question, with Try again',
  ...priceRefused.story,
  play: async ({ canvasElement }) => {
    const canvas = await answerYes(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not price your renewal with these answers.');
    await expect(canvas.getByText('This answer is not one of the choices.')).toBeVisible();
    await expect(canvasElement.querySelector('.renewal-offer__amount')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(priceRefused.server.quoted).toHaveLength(2));
  },
};

const referred = withServer({ accept: 'referred', questions: [] });

export const Referred: Story = {
  name: 'Accepted, referred: with an underwriter',
  ...referred.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/Nothing new is asked/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Your full name, as your signature'), 'Ada Lovelace');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept and pay' }));
    await expect(await canvas.findByRole('heading', { name: 'Your renewal is with an underwriter' })).toBeVisible();
  },
};

const refused = withServer({ accept: 'refused', questions: [] });

export const Refused: Story = {
  name: 'Refused by the server (409): its words, and the same key on a retry',
  ...refused.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Your full name, as your signature'), 'Ada Lovelace');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept and pay' }));
    await expect(await canvas.findByText(/its renewal can no longer be accepted/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept and pay' }));
    await waitFor(() => expect(refused.server.accepted).toHaveLength(2));
    await expect(refused.server.accepted[1]!.key).toBe(refused.server.accepted[0]!.key);
  },
};

const settled = (status: Parameters<typeof renewalOf>[0], heading: string, name: string): Story => {
  const { story } = withServer({ status });
  return {
    name,
    ...story,
    play: async ({ canvasElement }) => {
      const canvas = await screenOf(canvasElement);
      await expect(await canvas.findByRole('heading', { name: heading })).toBeVisible();
      await expect(canvas.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
    },
  };
};

export const NotYet = settled('not_yet', 'Your renewal is not offered yet', 'Not offered yet: the day it will be');
export const WithUnderwriter = settled(
  'with_underwriter',
  'Your renewal is with an underwriter',
  'With an underwriter',
);
const renewed = settled('renewed', 'Your renewal is bound', 'Renewed: the new term is bound');

export const Renewed: Story = {
  ...renewed,
  play: async (context) => {
    await renewed.play!(context);
    // The link leads to the new term (renewedPolicyId), not back to the one it renews.
    const canvas = await screenOf(context.canvasElement);
    const link = canvas.getByRole('link', { name: 'See your renewed policy' });
    await expect(link).toHaveAttribute('href', `/policy?policyid=${renewalOf('renewed').offer!.renewedPolicyId}`);
    await expect(canvas.queryByRole('link', { name: 'Back to your policy' })).toBeNull();
  },
};
export const Declined = settled('declined', 'We cannot renew this policy', 'Declined');
export const Lapsed = settled('lapsed', 'This policy was not renewed', 'Lapsed: ended without renewal');

const awaiting = withServer({ status: 'awaiting_payment' });

export const AwaitingPayment: Story = {
  name: 'Accepted, not yet paid: Pay your renewal, no questions again',
  ...awaiting.story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Pay your renewal' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: newQuestion.text })).toBeNull();
    // The question answered at acceptance is listed as answered, carried into the renewal.
    const answered = within(canvas.getByRole('region', { name: 'Answered for this renewal' }));
    await expect(answered.getByText(newQuestion.text).nextElementSibling).toHaveTextContent('No');
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withServer({ pending: true }).story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your renewal…');
  },
};

export const LoadFailed: Story = {
  name: 'The offer could not be loaded: Try again',
  ...withServer({ failing: true }).story,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const ChoosePolicyBranded: Story = {
  name: 'Choose a policy (branded): the links stay in the client area',
  parameters: {
    route: `/client/policy/renewal/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...renewalServer().handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const [first] = await canvas.findAllByRole('link', { name: new RegExp(renewingPolicy.number) });
    await expect(first).toHaveAttribute('href', `/client/policy/renewal/${HARBOR_RISK}?policyid=${renewingPolicy.id}`);
    // The offer's day is configurable (RENEWAL_OFFER_DAYS): the lead says when without a number.
    await expect(canvas.getByText(/We offer each renewal ahead of the policy’s end/)).toBeVisible();
  },
};
