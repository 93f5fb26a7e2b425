import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SAVED_QUOTE_KEY, writeSavedQuote } from '@/api/saved-quote';
import LandingScreen from '@/screens/landing/landing-screen';
import SpecialitiesScreen from '@/screens/specialities/specialities-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { HARBOR_RISK } from './support/catalog-fixtures';
import { houstonPlace, pricedCatalogHandlers } from './support/indicative-price-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * Issue 16 item 8: every speciality card says what its cover costs at least — indicatively, the
 * minimum premium of the rate tables in force — nationally as a range, or in the state of the
 * ZIP a quote in progress gave. The figures come from auth/specialitylist (mock API).
 */
const meta = {
  title: 'Screens/Landing/Indicative prices',
  component: LandingScreen,
  parameters: { route: '/', msw: { handlers: pricedCatalogHandlers() } } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof LandingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card of a speciality, found as a person finds it: by its name. */
async function card(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const heading = await within(canvasElement).findByRole('heading', { level: 4, name });
  return heading.closest('li')!;
}

export const NationalRange: Story = {
  name: 'Cards with national from-prices',
  beforeEach: () => () => sessionStorage.removeItem(SAVED_QUOTE_KEY),
  play: async ({ canvasElement }) => {
    await expect(await card(canvasElement, 'Architects')).toHaveTextContent(
      'Indicative: from $1,186–$1,560 a year, depending on your state; your price comes after a few questions.',
    );
    // One figure where every state's minimum is the same.
    await expect(await card(canvasElement, 'Interior designers')).toHaveTextContent(
      'Indicative: from $500 a year; your price comes after a few questions.',
    );
    // No table prices land surveyors: no figure rather than a made-up one.
    const surveyors = await card(canvasElement, 'Land surveyors');
    await expect(surveyors).not.toHaveTextContent(/Indicative/);
    await expect(canvasElement.querySelectorAll('.speciality-card__price')).toHaveLength(9);
  },
};

export const KnownZip: Story = {
  name: 'Cards with from-prices for the ZIP of a quote in progress',
  beforeEach: () => {
    writeSavedQuote({
      specialityId: 101,
      zipcode: houstonPlace.zipcode,
      answers: {},
      applicationAnswers: {},
      resume: 'questions',
    });
    return () => sessionStorage.removeItem(SAVED_QUOTE_KEY);
  },
  play: async ({ canvasElement }) => {
    await expect(await card(canvasElement, 'Architects')).toHaveTextContent(
      'Indicative for ZIP 77002 (Texas): from $1,311 a year; your price comes after a few questions.',
    );
    await expect(await card(canvasElement, 'Dentists')).toHaveTextContent(
      'Indicative for ZIP 77002 (Texas): from $1,166 a year',
    );
    await expect(canvasElement).not.toHaveTextContent(/depending on your state/);
  },
};

export const UnknownZip: Story = {
  name: 'Cards with national from-prices when the saved ZIP no longer resolves',
  beforeEach: () => {
    writeSavedQuote({ specialityId: 101, zipcode: '77001', answers: {}, applicationAnswers: {}, resume: 'questions' });
    return () => sessionStorage.removeItem(SAVED_QUOTE_KEY);
  },
  play: async ({ canvasElement }) => {
    await expect(await card(canvasElement, 'Dentists')).toHaveTextContent(
      'Indicative: from $1,055–$1,388 a year, depending on your state',
    );
  },
};

export const BrandedSpecialities: Story = {
  name: 'Branded specialities screen with from-prices',
  render: () => <SpecialitiesScreen />,
  parameters: {
    route: `/client/specialities/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...pricedCatalogHandlers()] },
  },
  beforeEach: () => () => sessionStorage.removeItem(SAVED_QUOTE_KEY),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'All specialities' }),
    ).toBeVisible();
    await expect(await card(canvasElement, 'Structural engineers')).toHaveTextContent(
      'Indicative: from $1,094–$1,440 a year, depending on your state',
    );
  },
};
