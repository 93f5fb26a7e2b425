import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import { writeDefaultSpeciality } from '@/api/session-values';
import QuoteScreen from '@/screens/quote/quote-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import {
  catalogHandlers,
  failingOnceCatalogHandlers,
  HARBOR_RISK,
  harborRiskSpecialities,
  pendingCatalogHandlers,
  SERVICE_DOWN_MESSAGE,
  SPECIALITY_URL,
  specialities,
} from './support/catalog-fixtures';
import {
  ARCHITECTS_ID,
  clearSavedQuote,
  failingOnceQuoteHandlers,
  heldCalculateHandlers,
  locatedQuote,
  NOT_PRICEABLE_MESSAGE,
  pendingQuoteHandlers,
  priceMatrix,
  pricedQuote,
  quotedCalculation,
  quoteHandlers,
  RATING_DOWN_MESSAGE,
  rateOption,
  SUBMISSION_ID,
  unpriceableQuoteHandlers,
} from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';
import { onAPhone, PHONE } from './support/viewports';

/**
 * The price screen (src/screens/quote), the purchase's third step (issue 16): the chosen
 * speciality (src/machines/chosen-speciality.machine.ts), then the quote flow's part of it
 * (src/machines/quote.machine.ts through src/components/quote/use-quote-flow.ts): every limit × deductible
 * priced at once, the chosen option's total and payment plans shown from the matrix at once while
 * auth/calculate confirms its worksheet in the background, and the cover summary beside it with
 * Buy now (the primary action) and Save for later. A quote not priced yet (no ZIP, answers
 * missing) is sent to the questions screen. The speciality comes from the history state a screen
 * hands on (`parameters.historyState`), in a client area from the session's default speciality,
 * or from the quote this tab was working on (sessionStorage 'ssp-quote'), which every story starts
 * without and the priced ones set explicitly.
 */
const meta = {
  title: 'Screens/Quotes',
  component: QuoteScreen,
  parameters: {
    route: '/quotes',
    msw: { handlers: [...catalogHandlers(), ...quoteHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof QuoteScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const BRANDED = `/client/quotes/${HARBOR_RISK}`;
const architects = specialities.find((speciality) => speciality.id === ARCHITECTS_ID)!;
const harborRiskArchitects = harborRiskSpecialities.find((speciality) => speciality.id === ARCHITECTS_ID)!;
const chosenArchitects = { historyState: { specialityId: ARCHITECTS_ID } } satisfies RouterParameters;
const brandedHandlers = (...handlers: HttpHandler[]) => ({
  handlers: [...brokerHandlers(), ...catalogHandlers(), ...handlers],
});

const TOTAL = formatUsd(quotedCalculation.totalCents);
const CHOSEN_OPTION = `$1,000,000 / $1,000,000 limit, $2,500 deductible: ${TOTAL} a year`;
const HIGHER_LIMIT = rateOption({ limitCode: '1M/3M', deductibleCode: '2500' });
const HIGHER_OPTION = `$1,000,000 / $3,000,000 limit, $2,500 deductible: ${formatUsd(HIGHER_LIMIT.totalCents)} a year`;
const MATRIX = 'Price for the year by limit and deductible, fees and taxes included. Arrow keys move between options.';
const matrix = priceMatrix();

async function title(canvas: Canvas, name: string) {
  await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
}

/** Waits for the priced quote: the year's total for the chosen option. */
async function quoted(canvas: Canvas, total = TOTAL) {
  await expect(
    await canvas.findByText(total, { selector: '.quote-total__amount', exact: false }, { timeout: 3000 }),
  ).toHaveTextContent(`${total} for the year`);
}

/** The worksheet of the chosen option, once auth/calculate has confirmed it: its lines' words. */
async function worksheetLines(canvas: Canvas): Promise<string[]> {
  const explained = canvas.getByRole('region', { name: 'How your price is worked out' });
  await waitFor(() => expect(explained).toHaveAttribute('aria-busy', 'false'), { timeout: 3000 });
  return within(explained)
    .getAllByRole('listitem')
    .map((line) => line.querySelector('.worksheet__text')?.textContent ?? '');
}

/** The cover summary beside the options (a bar pinned to the bottom on a phone). */
function coverSummary(canvas: Canvas) {
  return within(canvas.getByRole('complementary', { name: 'Your cover' }));
}

const fact = (scope: ReturnType<typeof within>, term: string) =>
  scope.getByText(term, { selector: 'dt' }).nextElementSibling;

// ---------------------------------------------------------------------------------------------
// The speciality

export const NoSpeciality: Story = {
  name: 'No speciality chosen',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Your quote');
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const NoSpecialityBranded: Story = {
  name: 'No speciality chosen (branded)',
  parameters: { route: BRANDED, msw: brandedHandlers(...quoteHandlers()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Your quote');
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute(
      'href',
      `/client/specialities/${HARBOR_RISK}`,
    );
  },
};

export const Loading: Story = {
  name: 'Loading the chosen speciality',
  parameters: { ...chosenArchitects, msw: { handlers: [...pendingCatalogHandlers, ...quoteHandlers()] } },
  // Priced before in this tab: the price screen shows (an unpriced quote goes to the questions at once).
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your speciality…')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'choose your speciality' })).toBeNull();
  },
};

export const UnknownSpeciality: Story = {
  name: 'A speciality id nobody has, never priced: on to the questions, which ask for a speciality',
  parameters: { historyState: { specialityId: 999 } },
  play: async ({ canvasElement }) => {
    await expect(await navigatedTo(canvasElement)).toEqual({ href: '/questionlist', state: { specialityId: 999 } });
  },
};

const specialityFailingOnce = failingOnceCatalogHandlers(SPECIALITY_URL);

export const SpecialityServerError: Story = {
  name: 'Speciality server error, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...specialityFailingOnce.handlers, ...quoteHandlers()] } },
  beforeEach: [pricedQuote, specialityFailingOnce.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your speciality. 500: ${SERVICE_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await title(canvas, `Your ${architects.name} quote`);
    await quoted(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const PreparingQuote: Story = {
  name: 'Loading the questions',
  parameters: {
    ...chosenArchitects,
    msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('questions', 'applicationQuestions')] },
  },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${architects.name} quote`);
    await expect(canvas.getByText(architects.name, { selector: 'strong' })).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent('Preparing your quote…');
    await expect(canvas.queryByRole('textbox', { name: 'ZIP code' })).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Not priced yet: the questions screen asks for what the price needs

export const NotPricedYet: Story = {
  name: 'No ZIP yet: on to the questions screen',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    // The ZIP and the questions are asked on one screen (issue 16), for the same speciality.
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: '/questionlist',
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

export const NotPricedYetBranded: Story = {
  name: 'No ZIP yet: on to the questions screen (branded, the stored default speciality)',
  parameters: { route: BRANDED, msw: brandedHandlers(...quoteHandlers()) },
  // What a single-code `?s=` link stored earlier in this tab; removed after the story.
  beforeEach: () => {
    writeDefaultSpeciality(harborRiskArchitects.speiclaityRandomCode);
    return () => writeDefaultSpeciality(undefined);
  },
  play: async ({ canvasElement }) => {
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: `/client/questionlist/${HARBOR_RISK}`,
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

export const CheckingZip: Story = {
  name: 'A priced quote resumed: its ZIP checked again, without a detour to the questions',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('ilfdlfList')] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${architects.name} quote`);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Preparing your quote…');
    // Still here while the ZIP is checked: a priced quote goes on to its price, not back to the questions.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'ZIP code' })).toBeNull();
  },
};

export const AnswersMissing: Story = {
  name: 'A ZIP but answers missing: on to the questions screen',
  parameters: chosenArchitects,
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: '/questionlist',
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Prices (a quote priced before a reload: the tab's saved quote, every answer given)

export const Pricing: Story = {
  name: 'Pricing every option',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('ilfdlf')] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Pricing your options…')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('navigation', { name: 'Your purchase' })).toBeVisible();
    await expect(canvas.getByText(/^Practice in Houston, Harris County, Texas \(77002\)\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change your answers or ZIP code' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    // Nothing to buy or save before there is a price; the summary says the price is to come.
    await expect(canvas.queryByRole('button', { name: 'Buy now' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save for later' })).toBeNull();
    await expect(coverSummary(canvas).getByText('Your price comes after a few questions')).toBeVisible();
  },
};

export const Quoted: Story = {
  name: 'Quoted: options, total, worksheet and payment plans',
  // No history state: after a reload the tab's saved quote says which speciality it was.
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${architects.name} quote`);
    await quoted(canvas);
    // The third of the purchase's seven steps.
    const progress = within(canvas.getByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Price');

    // Every limit × deductible, the middle one chosen; limits said as people say them.
    const options = canvas.getByRole('table', { name: MATRIX });
    await expect(within(options).getAllByRole('radio')).toHaveLength(25);
    await expect(within(options).getByRole('radio', { name: CHOSEN_OPTION })).toBeChecked();
    // (" limit" shows only on a phone, where each row is a card of its own.)
    await expect(
      within(options)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toContain('$2M / $4M limit');
    await expect(within(options).getByRole('columnheader', { name: 'No deductible' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: '$1,000,000 / $1,000,000 limit, $2,500 deductible' }),
    ).toBeVisible();

    // The worksheet, line by line, as the server words it: plain words, each with why it is there.
    await expect(await worksheetLines(canvas)).toEqual([
      'Base premium for Architects in Texas: $2,730.00',
      'Practice location (ZIP 770xx) ×1.075: $2,934.75',
      '$1M per claim / $1M in all ×1.00: $2,934.75',
      '$2,500 deductible ×0.95: $2,788.01',
      'Credits and debits for your answers ×0.95: $2,648.61',
      'No claims in the last five years ×0.95: $2,516.18',
      'Premium, in whole dollars (minimum $1,638.00): $2,516.00',
      'Policy fee: +$75.00',
      'Texas premium tax 4.85%: +$125.66',
      'Texas state fees 0.18%: +$4.66',
      `Total for the year: ${TOTAL}`,
    ]);
    const explained = within(canvas.getByRole('region', { name: 'How your price is worked out' }));
    await expect(explained.getAllByRole('listitem')[4]).toHaveTextContent(
      'Your answers about your practice: some lower the price, some raise it, within a set range.',
    );
    // The rate table's references are the underwriter's, not the insured's.
    await expect(
      explained.queryByText(/arc_written_contracts|rate table|experience band|limit 1M|deductible 2500/),
    ).toBeNull();

    // Four ways to pay, the whole year at once first.
    const plans = within(canvas.getByRole('group', { name: 'How would you like to pay?' })).getAllByRole('radio');
    await expect(plans).toHaveLength(4);
    await expect(canvas.getByRole('radio', { name: /^Annual: \$2,721\.32/ })).toBeChecked();
    await expect(
      canvas.getByText('Then 8 × $229.77 and a last $229.83, each with a $3.00 installment fee. $2,748.32 in all.'),
    ).toBeVisible();

    // Another option: its own total, heading and worksheet.
    const higher = formatUsd(HIGHER_LIMIT.totalCents);
    await userEvent.click(within(options).getByRole('radio', { name: HIGHER_OPTION }));
    await quoted(canvas, higher);
    await expect(
      canvas.getByRole('heading', { level: 2, name: '$1,000,000 / $3,000,000 limit, $2,500 deductible' }),
    ).toBeVisible();
    await expect((await worksheetLines(canvas))[2]).toMatch(/^\$1M per claim \/ \$3M in all ×1\.15: /);
    await expect(canvas.getByText(`Total for the year: ${higher}`)).toBeVisible();
    await expect(within(options).getByRole('radio', { name: CHOSEN_OPTION })).not.toBeChecked();

    // And a way to pay it.
    const quarterly = HIGHER_LIMIT.paymentPlans.find((plan) => plan.code === 'quarterly')!;
    const quarterlyPlan = canvas.getByRole('radio', {
      name: new RegExp(`^Quarterly: \\${formatUsd(quarterly.downPaymentCents)} today`),
    });
    await userEvent.click(quarterlyPlan);
    await expect(quarterlyPlan).toBeChecked();
    await expect(canvas.getByRole('radio', { name: /^Annual:/ })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Buy now' })).not.toHaveAttribute('aria-disabled');
    await expect(canvas.getByRole('button', { name: 'Save for later' })).not.toHaveAttribute('aria-disabled');
  },
};

const held = heldCalculateHandlers();

export const PriceAtOnce: Story = {
  name: 'Another option: its price at once, its worksheet confirmed after',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...held.handlers] } },
  beforeEach: [pricedQuote, held.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await expect(await worksheetLines(canvas)).toContain(`Total for the year: ${TOTAL}`);
    await expect(fact(coverSummary(canvas), 'Limit')).toHaveTextContent('$1M / $1M');

    // auth/calculate is held from here: what shows next comes from the matrix alone.
    const higher = formatUsd(HIGHER_LIMIT.totalCents);
    await userEvent.click(canvas.getByRole('radio', { name: HIGHER_OPTION }));
    await quoted(canvas, higher);
    await expect(
      canvas.getByRole('heading', { level: 2, name: '$1,000,000 / $3,000,000 limit, $2,500 deductible' }),
    ).toBeVisible();
    const summary = coverSummary(canvas);
    await expect(fact(summary, 'Limit')).toHaveTextContent('$1M / $3M');
    await expect(summary.getByText(higher)).toHaveClass('cover-summary__amount');
    await expect(canvas.getByText(`${higher} a year for the option you chose.`)).toHaveAttribute('role', 'status');
    // The plans are the option's own, from the matrix; the worksheet is still being worked out.
    const fromMatrix = matrix.options.find(
      (option) => option.limitCode === '1M/3M' && option.deductibleCode === '2500',
    )!;
    const monthly = fromMatrix.paymentPlans.find((plan) => plan.code === 'monthly')!;
    await expect(
      canvas.getByRole('radio', { name: new RegExp(`^Monthly: \\${formatUsd(monthly.downPaymentCents)} today`) }),
    ).toBeVisible();
    const explained = canvas.getByRole('region', { name: 'How your price is worked out' });
    await expect(explained).toHaveAttribute('aria-busy', 'true');
    await expect(within(explained).getByText('Working out each step of this price…')).toBeVisible();
    await waitFor(() => expect(held.calls()).toBe(2));
    // The price on screen did not wait for it, and the choice can go on to Buy now meanwhile.
    await expect(canvas.getByRole('button', { name: 'Buy now' })).not.toHaveAttribute('aria-disabled');

    held.release();
    await expect(await worksheetLines(canvas)).toContain(`Total for the year: ${higher}`);
    await expect(canvas.queryByText(/The price was worked out again/)).toBeNull();
  },
};

export const CoverSummaryPanel: Story = {
  name: 'The cover summary beside the options, with Buy now and Save for later',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    const panel = canvas.getByRole('complementary', { name: 'Your cover' });
    const summary = within(panel);
    await expect(summary.getByRole('heading', { level: 2, name: 'Your cover' })).toBeVisible();
    await expect(fact(summary, 'Cover')).toHaveTextContent('Architects professional liability');
    await expect(fact(summary, 'Practice')).toHaveTextContent('Houston, TX 77002');
    await expect(fact(summary, 'Limit')).toHaveTextContent('$1M / $1M');
    await expect(fact(summary, 'Deductible')).toHaveTextContent('$2,500 deductible');
    await expect(fact(summary, 'Payment plan')).toHaveTextContent('Annual');
    await expect(panel.querySelector('[data-summary-total]')).toHaveTextContent(`${TOTAL} a year`);
    // Paid at once: nothing more is said about today.
    await expect(summary.queryByText(/today/)).toBeNull();
    // The actions live in the summary: Buy now leads, Save for later follows.
    await expect(summary.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Buy now',
      'Save for later',
    ]);

    // Monthly: what is due today beside the year's total.
    const monthly = quotedCalculation.paymentPlans.find((plan) => plan.code === 'monthly')!;
    await userEvent.click(canvas.getByRole('radio', { name: /^Monthly:/ }));
    await expect(fact(summary, 'Payment plan')).toHaveTextContent('Monthly');
    await expect(panel.querySelector('[data-summary-total]')).toHaveTextContent(
      `${TOTAL} a year · ${formatUsd(monthly.downPaymentCents)} today`,
    );
  },
};

export const PhoneWidth: Story = {
  name: `On a phone (${PHONE.width} px): one card per limit, the summary a bar at the bottom`,
  parameters: { ...onAPhone.parameters, ...chosenArchitects },
  globals: onAPhone.globals,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    // "Step 3 of 7: Price" and a bar stand in for the list of steps (which screen readers still read).
    await expect(canvasElement.querySelector('.purchase-progress__compact')).toHaveTextContent('Step 3 of 7: Price');
    await expect(canvasElement.querySelector('.purchase-progress__compact')).toHaveAttribute('aria-hidden', 'true');
    // Each limit is a card (a row): its heading says it is the limit, and each of its options names its deductible.
    const rows = within(canvas.getByRole('table', { name: MATRIX }))
      .getAllByRole('row')
      .slice(1);
    await expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '$250K / $500K limit',
      '$500K / $1M limit',
      '$1M / $1M limit',
      '$1M / $3M limit',
      '$2M / $4M limit',
    ]);
    for (const row of rows) await expect(within(row).getAllByRole('radio')).toHaveLength(5);
    const middle = rows[2]!;
    await expect(Array.from(middle.querySelectorAll('.quote-matrix__price'), (cell) => cell.textContent)).toEqual(
      matrix.deductibles.map((deductible) => {
        const option = matrix.options.find(
          (candidate) => candidate.limitCode === '1M/1M' && candidate.deductibleCode === deductible.code,
        )!;
        return `${deductible.code === '0' ? 'No deductible' : `${deductible.label} deductible`}${formatUsd(option.totalCents)}`;
      }),
    );
    // The summary is the same element, laid out as a bar: the price and both actions in it.
    const bar = within(canvas.getByRole('complementary', { name: 'Your cover' }));
    await expect(bar.getByText(TOTAL)).toHaveClass('cover-summary__amount');
    await expect(bar.getByRole('button', { name: 'Buy now' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Save for later' })).toBeVisible();
  },
};

export const QuotedBranded: Story = {
  name: 'Quoted (branded)',
  parameters: { route: BRANDED, ...chosenArchitects, msw: brandedHandlers(...quoteHandlers()) },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${harborRiskArchitects.name} quote`);
    await quoted(canvas);
    await expect(canvas.getByRole('radio', { name: CHOSEN_OPTION })).toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute(
      'href',
      `/client/specialities/${HARBOR_RISK}`,
    );
  },
};

const pricingFailingOnce = failingOnceQuoteHandlers('ilfdlf');

export const PricingFailed: Story = {
  name: 'Pricing failed, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...pricingFailingOnce.handlers] } },
  beforeEach: [pricedQuote, pricingFailingOnce.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not work out your quote. 500: ${RATING_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await quoted(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Unpriceable: Story = {
  name: 'No rate available (422), then Change your answers',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...unpriceableQuoteHandlers()] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(NOT_PRICEABLE_MESSAGE);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Buy now' })).toBeNull();
    // The ZIP and the answers are changed on the questions screen.
    await userEvent.click(within(alert).getByRole('button', { name: 'Change your answers' }));
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: '/questionlist',
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

export const ChangeAnswers: Story = {
  name: 'Quoted, then Change your answers or ZIP code',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Change your answers or ZIP code' }));
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: '/questionlist',
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Buy now: saved as an order, then on to buy it

export const BuyNowByVisitor: Story = {
  name: 'Buy now by a visitor: saved, on to create an account',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now' }));
    // Signing up keeps the order (the tab's saved quote carries its key) and goes on to review and pay.
    await expect((await navigatedTo(canvasElement)).href).toBe('/signup');
  },
};

export const BuyNowByVisitorBranded: Story = {
  name: 'Buy now by a visitor (branded)',
  parameters: { route: BRANDED, ...chosenArchitects, msw: brandedHandlers(...quoteHandlers()) },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/client/signup/${HARBOR_RISK}`);
  },
};

export const BuyNowSignedIn: Story = {
  name: 'Buy now when signed in: on to review and pay',
  parameters: {
    ...chosenArchitects,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...catalogHandlers(), ...quoteHandlers()] },
  },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await canvas.findByRole('navigation', { name: 'Account' });
    await waitFor(() => expect(account).toHaveTextContent('Signed in as Ada'));
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/payment?submissionid=${SUBMISSION_ID}`);
  },
};

export const Buying: Story = {
  name: 'Buy now: saving the order first',
  parameters: {
    ...chosenArchitects,
    msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('createSubmission')] },
  },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy now' }));
    await expect(await canvas.findByRole('button', { name: 'Taking you on…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Save for later' })).toHaveAttribute('aria-disabled', 'true');
    await quoted(canvas);
  },
};

// ---------------------------------------------------------------------------------------------
// Save for later: kept as an order

const ORDER_DOWN_MESSAGE = 'The order service is unavailable.';
const saveFailingOnce = failingOnceQuoteHandlers('createSubmission', 500, ORDER_DOWN_MESSAGE);

export const SaveFailed: Story = {
  name: 'Save failed, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...saveFailingOnce.handlers] } },
  beforeEach: [pricedQuote, saveFailingOnce.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save for later' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not save your quote. 500: ${ORDER_DOWN_MESSAGE}`);
    // The quote is still there to look at while it fails.
    await quoted(canvas);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect((await navigatedTo(canvasElement)).href).toBe('/signup');
  },
};

export const Saving: Story = {
  name: 'Saving',
  parameters: {
    ...chosenArchitects,
    msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('createSubmission')] },
  },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save for later' }));
    await expect(await canvas.findByRole('button', { name: 'Saving your quote…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Buy now' })).toHaveAttribute('aria-disabled', 'true');
    await quoted(canvas);
  },
};

export const SavedByVisitor: Story = {
  name: 'Saved for later by a visitor: on to sign up',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save for later' }));
    // Signing up keeps the order (the tab's saved quote carries its key).
    await expect((await navigatedTo(canvasElement)).href).toBe('/signup');
  },
};

export const SavedByVisitorBranded: Story = {
  name: 'Saved for later by a visitor: on to sign up (branded)',
  parameters: { route: BRANDED, ...chosenArchitects, msw: brandedHandlers(...quoteHandlers()) },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save for later' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/client/signup/${HARBOR_RISK}`);
  },
};

export const SavedSignedIn: Story = {
  name: 'Saved for later when signed in: on to the order',
  parameters: {
    ...chosenArchitects,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...catalogHandlers(), ...quoteHandlers()] },
  },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await canvas.findByRole('navigation', { name: 'Account' });
    await waitFor(() => expect(account).toHaveTextContent('Signed in as Ada'));
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save for later' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/order/${SUBMISSION_ID}`);
  },
};
