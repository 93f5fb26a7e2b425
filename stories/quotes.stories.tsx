import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { formatUsd } from '@/api/contract/money-format';
import { writeDefaultSpeciality } from '@/api/session-values';
import QuotesScreen from '@/screens/quotes/quotes-screen';
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
  NOT_PRICEABLE_MESSAGE,
  pendingQuoteHandlers,
  pricedQuote,
  quotedCalculation,
  quoteHandlers,
  RATING_DOWN_MESSAGE,
  rateOption,
  SUBMISSION_ID,
  UNKNOWN_ZIP,
  unpriceableQuoteHandlers,
} from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * The quotes screen (src/screens/quotes): the chosen speciality (src/machines/chosen-speciality.machine.ts),
 * then the quote flow's part of it (src/machines/quote.machine.ts through src/routes/use-quote-flow.ts):
 * where the practice is, every limit × deductible priced, the chosen option's worksheet and payment
 * plans, and saving the quote. The speciality comes from the history state a speciality card hands
 * on (`parameters.historyState`), in a client area from the session's default speciality, or from
 * the quote this tab was working on (sessionStorage 'ssp-quote'), which every story starts without
 * and the priced ones set explicitly.
 */
const meta = {
  title: 'Screens/Quotes',
  component: QuotesScreen,
  parameters: {
    route: '/quotes',
    msw: { handlers: [...catalogHandlers(), ...quoteHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof QuotesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const BRANDED = `/client/quotes/${HARBOR_RISK}`;
const architects = specialities.find((speciality) => speciality.id === ARCHITECTS_ID)!;
const harborRiskArchitects = harborRiskSpecialities.find((speciality) => speciality.id === ARCHITECTS_ID)!;
const chosenArchitects = { historyState: { specialityId: ARCHITECTS_ID } } satisfies RouterParameters;
const brandedHandlers = (...handlers: HttpHandler[]) => ({ handlers: [...brokerHandlers(), ...catalogHandlers(), ...handlers] });

const TOTAL = formatUsd(quotedCalculation.totalCents);
const CHOSEN_OPTION = `$1,000,000 / $1,000,000 limit, $2,500 deductible: ${TOTAL} a year`;
const HIGHER_LIMIT = rateOption({ limitCode: '1M/3M', deductibleCode: '2500' });

async function title(canvas: Canvas, name: string) {
  await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
}

/** The ZIP step: its heading and its one field. */
async function zipStep(canvas: Canvas): Promise<HTMLElement> {
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Where is your practice?' })).toBeVisible();
  return canvas.getByRole('textbox', { name: 'ZIP code' });
}

async function enterZip(canvas: Canvas, zipcode: string) {
  const field = await zipStep(canvas);
  await userEvent.clear(field);
  await userEvent.type(field, zipcode);
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** Waits for the priced quote: the year's total for the chosen option. */
async function quoted(canvas: Canvas, total = TOTAL) {
  await expect(await canvas.findByText(total, { selector: '.quote-total__amount', exact: false }, { timeout: 3000 })).toHaveTextContent(
    `${total} for the year`,
  );
}

// ---------------------------------------------------------------------------------------------
// The speciality

export const NoSpeciality: Story = {
  name: 'No speciality chosen',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Your quote');
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.queryByRole('heading', { name: 'Where is your practice?' })).toBeNull();
  },
};

export const NoSpecialityBranded: Story = {
  name: 'No speciality chosen (branded)',
  parameters: { route: BRANDED, msw: brandedHandlers(...quoteHandlers()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Your quote');
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', `/client/specialities/${HARBOR_RISK}`);
  },
};

export const Loading: Story = {
  name: 'Loading the chosen speciality',
  parameters: { ...chosenArchitects, msw: { handlers: [...pendingCatalogHandlers, ...quoteHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your speciality…')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'choose your speciality' })).toBeNull();
  },
};

export const UnknownSpeciality: Story = {
  name: 'A speciality id nobody has',
  parameters: { historyState: { specialityId: 999 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The server's 404 is no speciality at all: the screen asks for one.
    await expect(await canvas.findByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  },
};

const specialityFailingOnce = failingOnceCatalogHandlers(SPECIALITY_URL);

export const SpecialityServerError: Story = {
  name: 'Speciality server error, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...specialityFailingOnce.handlers, ...quoteHandlers()] } },
  beforeEach: specialityFailingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your speciality. 500: ${SERVICE_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await title(canvas, `Your ${architects.name} quote`);
    await zipStep(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const PreparingQuote: Story = {
  name: 'Loading the questions',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('questions', 'applicationQuestions')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${architects.name} quote`);
    await expect(canvas.getByText(architects.name, { selector: 'strong' })).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent('Preparing your quote…');
    await expect(canvas.queryByRole('textbox', { name: 'ZIP code' })).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Where the practice is

export const ZipStep: Story = {
  name: 'ZIP step, then on to the questions',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${architects.name} quote`);
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute('href', '/specialities');
    const field = await zipStep(canvas);
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription('Prices depend on the state and the area your practice is in.');
    await enterZip(canvas, '77002');
    // Houston is sold: the questions come next, for the same speciality.
    await expect(await navigatedTo(canvasElement)).toEqual({ href: '/questionlist', state: { specialityId: ARCHITECTS_ID } });
  },
};

export const ZipStepBranded: Story = {
  name: 'ZIP step (branded, the stored default speciality)',
  parameters: { route: BRANDED, msw: brandedHandlers(...quoteHandlers()) },
  // What a single-code `?s=` link stored earlier in this tab; removed after the story.
  beforeEach: () => {
    writeDefaultSpeciality(harborRiskArchitects.speiclaityRandomCode);
    return () => writeDefaultSpeciality(undefined);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, `Your ${harborRiskArchitects.name} quote`);
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute('href', `/client/specialities/${HARBOR_RISK}`);
    await enterZip(canvas, '77002');
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: `/client/questionlist/${HARBOR_RISK}`,
      state: { specialityId: ARCHITECTS_ID },
    });
  },
};

export const UnknownZip: Story = {
  name: 'ZIP unknown (the server’s 400 names zipcode)',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await enterZip(canvas, UNKNOWN_ZIP);
    const field = canvas.getByRole('textbox', { name: 'ZIP code' });
    await expect(await canvas.findByText('ZIP code is not a known US ZIP code')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      'Prices depend on the state and the area your practice is in. ZIP code is not a known US ZIP code',
    );
    await expect(field).toHaveValue(UNKNOWN_ZIP);
    // Not five digits: the server's own check says so, in its words.
    await enterZip(canvas, '7700');
    await expect(await canvas.findByText('ZIP code must be a 5-digit ZIP code')).toBeVisible();
    await expect(canvas.queryByText('ZIP code is not a known US ZIP code')).toBeNull();
  },
};

export const NotOffered: Story = {
  name: 'Not offered in Alaska, then a Texas ZIP',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await enterZip(canvas, '99501');
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'We do not offer Architects cover in Alaska yet. Try the ZIP of another location, or check back soon.',
    );
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).not.toHaveAttribute('aria-invalid');
    await enterZip(canvas, '77002');
    await expect((await navigatedTo(canvasElement)).href).toBe('/questionlist');
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
    await expect(canvas.getByText(/^Practice in Houston, Harris County, Texas \(77002\)\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change ZIP code' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change your answers' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save this quote' })).toBeNull();
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

    // Every limit × deductible, the middle one chosen.
    const matrix = canvas.getByRole('table', { name: 'Price for the year by limit and deductible, fees and taxes included' });
    await expect(within(matrix).getAllByRole('radio')).toHaveLength(25);
    await expect(within(matrix).getByRole('radio', { name: CHOSEN_OPTION })).toBeChecked();
    await expect(within(matrix).getByRole('rowheader', { name: '$2,000,000 / $4,000,000' })).toBeVisible();
    await expect(within(matrix).getByRole('columnheader', { name: 'No deductible' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: '$1,000,000 / $1,000,000 limit, $2,500 deductible' })).toBeVisible();

    // The worksheet, line by line, as the server words it: plain words, each with why it is there.
    const explained = within(canvas.getByRole('region', { name: 'How your price is worked out' }));
    const worksheet = explained.getAllByRole('listitem');
    await expect(worksheet.map((line) => line.querySelector('.worksheet__text')?.textContent)).toEqual([
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
    await expect(worksheet[4]).toHaveTextContent('Your answers about your practice: some lower the price, some raise it, within a set range.');
    // The rate table's references are the underwriter's, not the insured's.
    await expect(explained.queryByText(/arc_written_contracts|rate table|experience band|limit 1M|deductible 2500/)).toBeNull();

    // Four ways to pay, the whole year at once first.
    const plans = within(canvas.getByRole('group', { name: 'How would you like to pay?' })).getAllByRole('radio');
    await expect(plans).toHaveLength(4);
    await expect(canvas.getByRole('radio', { name: /^Annual: \$2,721\.32/ })).toBeChecked();
    await expect(canvas.getByText('Then 8 × $229.77 and a last $229.83, each with a $3.00 installment fee. $2,748.32 in all.')).toBeVisible();

    // Another option: its own total, heading and worksheet.
    const higher = formatUsd(HIGHER_LIMIT.totalCents);
    await userEvent.click(within(matrix).getByRole('radio', { name: `$1,000,000 / $3,000,000 limit, $2,500 deductible: ${higher} a year` }));
    await quoted(canvas, higher);
    await expect(canvas.getByRole('heading', { level: 2, name: '$1,000,000 / $3,000,000 limit, $2,500 deductible' })).toBeVisible();
    await expect(canvas.getByText(HIGHER_LIMIT.worksheet[2]!.text)).toHaveTextContent(/^\$1M per claim \/ \$3M in all ×1\.15: /);
    await expect(canvas.getByText(`Total for the year: ${higher}`)).toBeVisible();
    await expect(within(matrix).getByRole('radio', { name: CHOSEN_OPTION })).not.toBeChecked();

    // And a way to pay it.
    const quarterly = HIGHER_LIMIT.paymentPlans.find((plan) => plan.code === 'quarterly')!;
    const quarterlyPlan = canvas.getByRole('radio', { name: new RegExp(`^Quarterly: \\${formatUsd(quarterly.downPaymentCents)} today`) });
    await userEvent.click(quarterlyPlan);
    await expect(quarterlyPlan).toBeChecked();
    await expect(canvas.getByRole('radio', { name: /^Annual:/ })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Save this quote' })).not.toHaveAttribute('aria-disabled');
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
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute('href', `/client/specialities/${HARBOR_RISK}`);
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
  name: 'No rate available (422), then another ZIP',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...unpriceableQuoteHandlers()] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(NOT_PRICEABLE_MESSAGE);
    await expect(within(alert).getByRole('button', { name: 'Change your answers' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Change ZIP code' }));
    // Back at the ZIP step, the ZIP kept.
    await expect(await zipStep(canvas)).toHaveValue('77002');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const ChangeAnswers: Story = {
  name: 'Quoted, then Change your answers',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Change your answers' }));
    await expect(await navigatedTo(canvasElement)).toEqual({ href: '/questionlist', state: { specialityId: ARCHITECTS_ID } });
  },
};

// ---------------------------------------------------------------------------------------------
// Saving the quote as an order

const ORDER_DOWN_MESSAGE = 'The order service is unavailable.';
const saveFailingOnce = failingOnceQuoteHandlers('createSubmission', 500, ORDER_DOWN_MESSAGE);

export const SaveFailed: Story = {
  name: 'Save failed, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...saveFailingOnce.handlers] } },
  beforeEach: [pricedQuote, saveFailingOnce.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save this quote' }));
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
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('createSubmission')] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save this quote' }));
    await expect(await canvas.findByRole('button', { name: 'Saving your quote…' })).toHaveAttribute('aria-disabled', 'true');
    await quoted(canvas);
  },
};

export const SavedByVisitor: Story = {
  name: 'Saved by a visitor: on to sign up',
  parameters: chosenArchitects,
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save this quote' }));
    // Signing up keeps the order (the tab's saved quote carries its key).
    await expect((await navigatedTo(canvasElement)).href).toBe('/signup');
  },
};

export const SavedByVisitorBranded: Story = {
  name: 'Saved by a visitor: on to sign up (branded)',
  parameters: { route: BRANDED, ...chosenArchitects, msw: brandedHandlers(...quoteHandlers()) },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save this quote' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/client/signup/${HARBOR_RISK}`);
  },
};

export const SavedSignedIn: Story = {
  name: 'Saved when signed in: on to the order',
  parameters: { ...chosenArchitects, session: adaStored, msw: { handlers: [...authHandlers(), ...catalogHandlers(), ...quoteHandlers()] } },
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = await canvas.findByRole('navigation', { name: 'Account' });
    await waitFor(() => expect(account).toHaveTextContent('Signed in as Ada'));
    await quoted(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Save this quote' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/order/${SUBMISSION_ID}`);
  },
};
