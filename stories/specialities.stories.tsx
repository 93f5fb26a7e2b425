import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Speciality } from '@shared/contract/specialities';
import { readDefaultSpeciality, writeDefaultSpeciality } from '@/api/session-values';
import SpecialitiesScreen from '@/screens/specialities/specialities-screen';
import { brokerHandlers } from './support/broker-fixtures';
import {
  catalogHandlers,
  categories,
  failingOnceCatalogHandlers,
  HARBOR_RISK,
  harborRiskSpecialities,
  pendingCatalogHandlers,
  SERVICE_DOWN_MESSAGE,
  specialities,
} from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo, storyLocation } from './support/story-navigation';

/**
 * The specialities screen (src/screens/specialities/specialities-screen.tsx) in each of its states:
 * a broker's list or every speciality, only the ones a link names (`?speciality=`), and what the
 * default-speciality machine (src/machines/default-speciality.machine.ts) makes of `?s=`. The
 * broker and the catalog come from the mock API, through the screen's real calls.
 */
const BRANDED = `/client/specialities/${HARBOR_RISK}`;
/** Where a card leads (issue 16): the practice's ZIP and questions, on one screen. */
const BRANDED_QUESTIONS = `/client/questionlist/${HARBOR_RISK}`;

const meta = {
  title: 'Screens/Specialities',
  component: SpecialitiesScreen,
  parameters: {
    route: BRANDED,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof SpecialitiesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const byId = (id: number): Speciality => harborRiskSpecialities.find((speciality) => speciality.id === id)!;
const architects = byId(101);
const structuralEngineers = byId(102);
const interiorDesigners = byId(103);

/** What the screen shows for a list: grouped by category in category order, each in the API's order. */
function shownOrder(list: readonly Speciality[]): string[] {
  return categories.flatMap((category) =>
    list.filter((speciality) => speciality.categoryId === category.id).map((speciality) => speciality.name),
  );
}

/** Each speciality card as a person meets it: its name, a link, and where the link goes. */
function cards(canvas: Canvas): { name: string; href: string | null }[] {
  return canvas.queryAllByRole('heading', { level: 4 }).map((heading: HTMLElement) => ({
    name: heading.textContent ?? '',
    href: within(heading)
      .getByRole('link', { name: heading.textContent ?? '' })
      .getAttribute('href'),
  }));
}

/** The cards expected for `list`, each leading to the questions screen (branded or plain). */
function cardsLeadingTo(list: readonly Speciality[], questions: string) {
  return shownOrder(list).map((name) => ({ name, href: questions }));
}

async function title(canvas: Canvas, name: string) {
  await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
}

export const BrokerSpecialities: Story = {
  name: 'All of a broker’s specialities (branded)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'All specialities');
    await canvas.findByRole('heading', { level: 4, name: architects.name });
    // Only the broker's own, each card leading to the broker's questions screen (the quote's first step).
    await expect(cards(canvas)).toEqual(cardsLeadingTo(harborRiskSpecialities, BRANDED_QUESTIONS));
    await expect(canvas.getByLabelText('Find your speciality')).toHaveValue('');
    await expect(canvas.queryByRole('link', { name: 'See every speciality on offer' })).toBeNull();
    // A card starts the quote for its speciality: questionlist with state specialityId.
    await userEvent.click(canvas.getByRole('link', { name: interiorDesigners.name }));
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: BRANDED_QUESTIONS,
      state: { specialityId: interiorDesigners.id },
    });
  },
};

export const Plain: Story = {
  name: 'All specialities (plain)',
  parameters: { route: '/specialities' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'All specialities');
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    await expect(cards(canvas)).toEqual(cardsLeadingTo(specialities, '/questionlist'));
    await expect(canvas.getByRole('heading', { level: 3, name: 'Healthcare' })).toBeVisible();
  },
};

export const PickedByLink: Story = {
  name: 'Only the specialities a link names (?speciality=)',
  parameters: {
    route: `${BRANDED}?speciality=${architects.speiclaityRandomCode},${interiorDesigners.speiclaityRandomCode}`,
  } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Specialities picked for you');
    await canvas.findByRole('heading', { level: 4, name: architects.name });
    await expect(cards(canvas)).toEqual(cardsLeadingTo([architects, interiorDesigners], BRANDED_QUESTIONS));
    await expect(canvas.queryByRole('heading', { level: 4, name: structuralEngineers.name })).toBeNull();
    // Nothing to search among two; the way to the whole list instead.
    await expect(canvas.queryByLabelText('Find your speciality')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'See every speciality on offer' })).toHaveAttribute('href', BRANDED);
  },
};

export const NoneOffered: Story = {
  name: 'A link naming specialities not on offer (?speciality=)',
  // The plain site's codes for Architects and Dentists: Harbor Risk sells neither under these.
  parameters: { route: `${BRANDED}?speciality=ARC-7Q2,DEN-3X8` } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Specialities picked for you');
    await expect(await canvas.findByText('None of these specialities is on offer here.')).toBeVisible();
    await expect(cards(canvas)).toEqual([]);
    await expect(canvas.getByRole('link', { name: 'See every speciality on offer' })).toHaveAttribute('href', BRANDED);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...brokerHandlers(), ...pendingCatalogHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'All specialities');
    await expect(await canvas.findByText('Loading specialities…')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Choose your speciality' })).toHaveAttribute('aria-busy', 'true');
    await expect(cards(canvas)).toEqual([]);
  },
};

const failingOnce = failingOnceCatalogHandlers();

export const ServerError: Story = {
  name: 'Server error, then Try again',
  parameters: { msw: { handlers: [...brokerHandlers(), ...failingOnce.handlers] } },
  // Every showing of the story starts with the failure.
  beforeEach: failingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load the specialities. 500: ${SERVICE_DOWN_MESSAGE}`);
    await expect(cards(canvas)).toEqual([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await canvas.findByRole('heading', { level: 4, name: architects.name });
    await expect(cards(canvas)).toEqual(cardsLeadingTo(harborRiskSpecialities, BRANDED_QUESTIONS));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const SeveralCodes: Story = {
  name: '?s= with several codes: only those',
  // Codes match whatever their case; the address then carries the broker's own spelling.
  parameters: {
    route: `${BRANDED}?s=${architects.speiclaityRandomCode},${structuralEngineers.speiclaityRandomCode.toLowerCase()}`,
  } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await title(canvas, 'Specialities picked for you');
    await canvas.findByRole('heading', { level: 4, name: architects.name });
    await expect(storyLocation(canvasElement)).toBe(
      `${BRANDED}?speciality=${architects.speiclaityRandomCode},${structuralEngineers.speiclaityRandomCode}`,
    );
    await expect(cards(canvas)).toEqual(cardsLeadingTo([architects, structuralEngineers], BRANDED_QUESTIONS));
    await expect(canvas.getByRole('link', { name: 'See every speciality on offer' })).toHaveAttribute('href', BRANDED);
  },
};

export const SingleCode: Story = {
  name: '?s= with one code: straight to its quote',
  parameters: { route: `${BRANDED}?s=${structuralEngineers.speiclaityRandomCode}` } satisfies RouterParameters,
  // The code becomes the session's default speciality: removed again after the story.
  beforeEach: () => () => writeDefaultSpeciality(undefined),
  play: async ({ canvasElement }) => {
    // The quote screen, which asks the practice's questions first when nothing is priced yet.
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: `/client/quotes/${HARBOR_RISK}`,
      state: { specialityId: structuralEngineers.id },
    });
    await expect(readDefaultSpeciality()).toBe(structuralEngineers.speiclaityRandomCode);
  },
};

export const JunkCode: Story = {
  name: '?s= with a code not on offer: page not found',
  parameters: { route: `${BRANDED}?s=no-such-code` } satisfies RouterParameters,
  beforeEach: () => () => writeDefaultSpeciality(undefined),
  play: async ({ canvasElement }) => {
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: `/client/page-not-found/${HARBOR_RISK}`,
      state: {},
    });
    await expect(readDefaultSpeciality()).toBeUndefined();
  },
};

export const CheckingLink: Story = {
  name: '?s= being checked (plain)',
  parameters: {
    route: '/specialities?s=ARC-7Q2',
    msw: { handlers: pendingCatalogHandlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Only a status while the link is checked: no flash of the page it may leave.
    await expect(await canvas.findByRole('status')).toHaveTextContent('Finding your speciality…');
    await expect(canvas.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

const linkCheckFailingOnce = failingOnceCatalogHandlers();

export const LinkCheckFailed: Story = {
  name: '?s= check failed, then Try again (plain)',
  parameters: {
    route: '/specialities?s=ARC-7Q2,DEN-3X8',
    msw: { handlers: linkCheckFailingOnce.handlers },
  },
  beforeEach: linkCheckFailingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `We could not check the speciality in this link. 500: ${SERVICE_DOWN_MESSAGE}`,
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Both codes are on offer on the plain site: the two of them, each leading to the plain questions screen.
    await title(canvas, 'Specialities picked for you');
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/specialities?speciality=ARC-7Q2,DEN-3X8'));
    await expect(cards(canvas)).toEqual([
      { name: 'Architects', href: '/questionlist' },
      { name: 'Dentists', href: '/questionlist' },
    ]);
  },
};
