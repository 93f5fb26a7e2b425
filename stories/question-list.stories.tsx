import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import QuestionListScreen from '@/screens/question-list/question-list-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  ARCHITECTS_ID,
  clearSavedQuote,
  failingOnceQuoteHandlers,
  locatedQuote,
  pendingQuoteHandlers,
  pricedQuote,
  quoteHandlers,
  RATING_DOWN_MESSAGE,
  UNKNOWN_ZIP,
} from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * The questions screen (src/screens/question-list), the purchase's second step (issue 16): where
 * the practice is (its ZIP) and the quote flow's questions about it on one screen — the general
 * application questions ("Your firm") and the speciality's own ("Your work"), shown as their
 * types ask, a conditional one only when its answer calls for it, and checked before pricing —
 * beside the cover summary, which has no price yet. The speciality comes from the history state a
 * speciality card hands on, and the ZIP from the tab's saved quote (sessionStorage 'ssp-quote'),
 * which every story starts without and sets where it needs one.
 */
const meta = {
  title: 'Screens/Question list',
  component: QuestionListScreen,
  parameters: {
    route: '/questionlist',
    // The chosen speciality (auth/speciality) names the cover in the summary.
    msw: { handlers: [...catalogHandlers(), ...quoteHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: clearSavedQuote,
} satisfies Meta<typeof QuestionListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** What a speciality card (or quotes, for a quote not priced yet) hands on when it sends the visitor here. */
const chosenArchitects = { historyState: { specialityId: ARCHITECTS_ID } } satisfies RouterParameters;

const YEARS = 'How many years have you been in practice?';
const REVENUE = 'What was your gross revenue over the last 12 months (USD)?';
const PRIOR_CLAIMS = 'Has anyone made a claim against you or your firm in the last five years?';
const CLAIMS_COUNT = 'How many claims?';
const PROJECT_TYPE = 'What kind of projects make up most of your fees?';
const CONTRACTS = 'Do you use AIA or similar written contracts on every project?';
const REQUIRED = 'Please answer this question.';

async function questions(canvas: Canvas) {
  await expect(await canvas.findByRole('heading', { level: 2, name: 'Your firm' })).toBeVisible();
  await expect(canvas.getByRole('heading', { level: 2, name: 'Your work' })).toBeVisible();
}

/** A yes/no or single-choice question: its options in the group its legend names. */
function choose(canvas: Canvas, question: string, option: string) {
  return userEvent.click(within(canvas.getByRole('group', { name: question })).getByRole('radio', { name: option }));
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

async function answerEverything(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: YEARS }), '12');
  await userEvent.type(canvas.getByRole('textbox', { name: REVENUE }), '850,000');
  await choose(canvas, PRIOR_CLAIMS, 'No');
  await choose(canvas, PROJECT_TYPE, 'Commercial');
  await choose(canvas, CONTRACTS, 'Yes');
}

export const NoSpeciality: Story = {
  name: 'No speciality chosen',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'About your practice' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.queryByRole('button', { name: 'See my price' })).toBeNull();
  },
};

export const Loading: Story = {
  name: 'Loading the questions',
  parameters: {
    ...chosenArchitects,
    msw: { handlers: [...catalogHandlers(), ...pendingQuoteHandlers('questions', 'applicationQuestions')] },
  },
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the questions…');
    await expect(canvas.getByRole('heading', { level: 1, name: 'About your practice' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'See my price' })).toBeNull();
  },
};

const questionsFailingOnce = failingOnceQuoteHandlers('applicationQuestions');

export const LoadFailed: Story = {
  name: 'The questions fail to load, then Try again',
  parameters: { ...chosenArchitects, msw: { handlers: [...catalogHandlers(), ...questionsFailingOnce.handlers] } },
  beforeEach: [locatedQuote, questionsFailingOnce.reset],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load the questions. 500: ${RATING_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await questions(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const ZipFirst: Story = {
  name: 'No ZIP yet: where the practice is comes first',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The purchase's second step, beside the cover summary (no price before the questions).
    const progress = within(await canvas.findByRole('navigation', { name: 'Your purchase' }));
    await expect(progress.getByRole('listitem', { current: 'step' })).toHaveTextContent('Your practice');
    const field = await zipStep(canvas);
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription('Prices depend on the state and the area your practice is in.');
    const summary = within(canvas.getByRole('complementary', { name: 'Your cover' }));
    await waitFor(() =>
      expect(summary.getByText('Cover', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        'Architects professional liability',
      ),
    );
    await expect(summary.getByText('Your price comes after a few questions')).toBeVisible();
    await expect(summary.queryByText('Practice', { selector: 'dt' })).toBeNull();
    await enterZip(canvas, '77002');
    // On the same screen: the questions follow here, and the summary names the place.
    await questions(canvas);
    await expect(canvas.getByRole('textbox', { name: YEARS })).toBeVisible();
    await expect(canvas.getByText(/^Practice in Houston, Harris County, Texas \(77002\)\./)).toBeVisible();
    await expect(summary.getByText('Practice', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Houston, TX 77002',
    );
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
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
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Your firm' })).toBeNull();
  },
};

export const NotOffered: Story = {
  name: 'Not offered in Alaska, then a Texas ZIP',
  parameters: chosenArchitects,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await enterZip(canvas, '99501');
    await expect(await canvas.findByText(/^We do not offer/)).toHaveTextContent(
      'We do not offer Architects cover in Alaska yet. Try the ZIP of another location, or check back soon.',
    );
    await expect(canvas.getByText(/^We do not offer/)).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('textbox', { name: 'ZIP code' })).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Your firm' })).toBeNull();
    await enterZip(canvas, '77002');
    await questions(canvas);
  },
};

export const Questions: Story = {
  name: 'The questions',
  parameters: chosenArchitects,
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    // A number, dollars, yes/no; a choice and yes/no for the speciality.
    const years = canvas.getByRole('textbox', { name: YEARS });
    await expect(years).toHaveAccessibleDescription('Whole years since you were first licensed.');
    await expect(years).toHaveAttribute('aria-required', 'true');
    await expect(years).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByRole('textbox', { name: REVENUE })).toHaveAttribute('inputmode', 'decimal');
    const priorClaims = within(canvas.getByRole('group', { name: PRIOR_CLAIMS }));
    await expect(priorClaims.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Yes',
      'No',
    ]);
    const projectType = within(canvas.getByRole('group', { name: PROJECT_TYPE }));
    await expect(projectType.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Commercial',
      'Single-family residential',
      'Condominiums',
      'Public buildings',
    ]);
    await expect(
      within(canvas.getByRole('group', { name: CONTRACTS })).getByText(
        'A signed contract that sets out the scope of your services.',
      ),
    ).toBeVisible();
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    // Asked only after a "Yes" to prior claims.
    await expect(canvas.queryByRole('textbox', { name: CLAIMS_COUNT })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'See my price' })).not.toHaveAttribute('aria-disabled');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors after See my price with nothing answered',
  parameters: chosenArchitects,
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'See my price' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('5 answers need your attention.');
    await expect(canvas.getAllByText(REQUIRED)).toHaveLength(5);

    // Each message belongs to its question; the first one wrong has the focus.
    const years = canvas.getByRole('textbox', { name: YEARS });
    await waitFor(() => expect(years).toHaveFocus());
    await expect(years).toHaveAttribute('aria-invalid', 'true');
    await expect(years).toHaveAccessibleDescription(`Whole years since you were first licensed. ${REQUIRED}`);
    await expect(canvas.getByRole('textbox', { name: REVENUE })).toHaveAccessibleDescription(REQUIRED);
    for (const question of [PRIOR_CLAIMS, PROJECT_TYPE, CONTRACTS]) {
      const group = within(canvas.getByRole('group', { name: question }));
      await expect(group.getByText(REQUIRED)).toBeVisible();
      for (const radio of group.getAllByRole('radio')) await expect(radio).toHaveAttribute('aria-invalid', 'true');
    }
    // The hidden follow-up is not asked, so not required.
    await expect(canvas.queryByRole('textbox', { name: CLAIMS_COUNT })).toBeNull();

    // Answering a question clears its message.
    await userEvent.type(years, '12');
    await expect(years).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('alert')).toHaveTextContent('4 answers need your attention.');
    await expect(canvas.getAllByText(REQUIRED)).toHaveLength(4);
    await expect(canvasElement.querySelector('[data-story-navigated-to]')).toBeNull();
  },
};

export const ConditionalQuestion: Story = {
  name: 'A follow-up question after “Yes”',
  parameters: chosenArchitects,
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    await expect(canvas.queryByRole('textbox', { name: CLAIMS_COUNT })).toBeNull();
    await choose(canvas, PRIOR_CLAIMS, 'Yes');
    const count = await canvas.findByRole('textbox', { name: CLAIMS_COUNT });
    await expect(count).toHaveAttribute('aria-required', 'true');
    // Shown, it is required like the others.
    await userEvent.click(canvas.getByRole('button', { name: 'See my price' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('5 answers need your attention.');
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(count).toHaveAccessibleDescription(REQUIRED);
    // "No" hides it again, and its message with it.
    await choose(canvas, PRIOR_CLAIMS, 'No');
    await waitFor(() => expect(canvas.queryByRole('textbox', { name: CLAIMS_COUNT })).toBeNull());
    await expect(canvas.getAllByText(REQUIRED)).toHaveLength(4);
  },
};

export const AllAnswered: Story = {
  name: 'All answered: See my price, on to the price',
  parameters: chosenArchitects,
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    await answerEverything(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'See my price' }));
    await expect(await navigatedTo(canvasElement)).toEqual({ href: '/quotes', state: { specialityId: ARCHITECTS_ID } });
  },
};

export const AllAnsweredBranded: Story = {
  name: 'All answered: on to the price (branded)',
  parameters: {
    ...chosenArchitects,
    route: `/client/questionlist/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...quoteHandlers()] },
  },
  beforeEach: locatedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    await answerEverything(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'See my price' }));
    await expect((await navigatedTo(canvasElement)).href).toBe(`/client/quotes/${HARBOR_RISK}`);
  },
};

export const AnswersKept: Story = {
  name: 'Answers kept from a quote already priced',
  // No history state: the tab's saved quote names the speciality, and holds every answer.
  beforeEach: pricedQuote,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questions(canvas);
    await expect(canvas.getByRole('textbox', { name: YEARS })).toHaveValue('12');
    await expect(canvas.getByRole('textbox', { name: REVENUE })).toHaveValue('850000');
    await expect(
      within(canvas.getByRole('group', { name: PRIOR_CLAIMS })).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    await expect(
      within(canvas.getByRole('group', { name: PROJECT_TYPE })).getByRole('radio', { name: 'Commercial' }),
    ).toBeChecked();
    await expect(
      within(canvas.getByRole('group', { name: CONTRACTS })).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
  },
};
