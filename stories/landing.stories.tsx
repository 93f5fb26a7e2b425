import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { writeDefaultSpeciality } from '@/api/session-values';
import LandingScreen from '@/screens/landing/landing-screen';
import { brokerHandlers } from './support/broker-fixtures';
import {
  catalogHandlers,
  categories,
  failingCatalogHandlers,
  HARBOR_RISK,
  harborRiskSpecialities,
  pendingCatalogHandlers,
  SERVICE_DOWN_MESSAGE,
  specialities,
} from './support/catalog-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { navigatedTo } from './support/story-navigation';

/**
 * The landing screen in each state of its catalog (src/machines/speciality-catalog.machine.ts).
 * The data comes from the mock API in `parameters.msw.handlers`, through the screen's real API calls.
 */
const meta = {
  title: 'Screens/Landing',
  component: LandingScreen,
  parameters: { route: '/' } satisfies RouterParameters,
} satisfies Meta<typeof LandingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The speciality cards' names, in the order the screen shows them. */
function cardNames(canvas: Canvas): string[] {
  return canvas.queryAllByRole('heading', { level: 4 }).map((heading: HTMLElement) => heading.textContent ?? '');
}

function categoryNames(canvas: Canvas): string[] {
  return canvas.queryAllByRole('heading', { level: 3 }).map((heading: HTMLElement) => heading.textContent ?? '');
}

/** What the screen shows for a list: grouped by category in category order, each in the API's order. */
function shownOrder(list: typeof specialities): string[] {
  return categories.flatMap((category) =>
    list.filter((speciality) => speciality.categoryId === category.id).map((speciality) => speciality.name),
  );
}

export const Loading: Story = {
  parameters: { msw: { handlers: pendingCatalogHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading specialities…')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Choose your speciality' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByLabelText('Find your speciality')).toBeNull();
  },
};

export const Loaded: Story = {
  parameters: { msw: { handlers: catalogHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    await expect(categoryNames(canvas)).toEqual(categories.map((category) => category.name));
    await expect(cardNames(canvas)).toEqual(shownOrder(specialities));
    await expect(canvas.getByLabelText('Find your speciality')).toHaveValue('');
    await expect(canvas.getByRole('region', { name: 'Choose your speciality' })).toHaveAttribute('aria-busy', 'false');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: catalogHandlers({ specialities: [] }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No specialities are on offer here yet/)).toBeVisible();
    await expect(cardNames(canvas)).toEqual([]);
    await expect(canvas.queryByLabelText('Find your speciality')).toBeNull();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: failingCatalogHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load the specialities. 500: ${SERVICE_DOWN_MESSAGE}`);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(cardNames(canvas)).toEqual([]);
  },
};

export const Filtered: Story = {
  parameters: { msw: { handlers: catalogHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    await userEvent.type(canvas.getByLabelText('Find your speciality'), 'dent');
    const matching = shownOrder(
      specialities.filter((speciality) => /dent/i.test(`${speciality.name} ${speciality.description}`)),
    );
    await waitFor(() => expect(cardNames(canvas)).toEqual(matching));
    await expect(matching).toContain('Dentists');
    await expect(categoryNames(canvas)).toEqual(['Healthcare']);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      `${matching.length} of ${specialities.length} specialities match “dent”.`,
    );
  },
};

export const Branded: Story = {
  parameters: {
    route: `/client/landing/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 4, name: 'Architects' });
    // Only the broker's own specialities: the screen asked for them with clientUrl=harbor-risk.
    await expect(cardNames(canvas)).toEqual(shownOrder(harborRiskSpecialities));
    await expect(canvas.queryByRole('heading', { level: 4, name: 'Dentists' })).toBeNull();
    await expect(canvas.getByRole('link', { name: /Practice Shield/ })).toHaveAttribute(
      'href',
      `/client/landing/${HARBOR_RISK}`,
    );
  },
};

export const UnknownBroker: Story = {
  parameters: { route: '/client/landing/nobody-here', msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The API answers 404 for a broker it does not know: the client route's guard sends the visitor to the branded 404.
    await expect(await canvas.findByText('/client/page-not-found/nobody-here')).toBeVisible();
  },
};

/** Structural engineers, under Harbor Risk's own code: what a single-code `?s=` link stored earlier in this tab. */
const storedDefault = harborRiskSpecialities.find((speciality) => speciality.id === 102)!;

export const StoredDefaultSpeciality: Story = {
  name: 'Branded, with a stored default speciality',
  parameters: {
    route: `/client/landing/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] },
  },
  // The session's `defaultspeciality`, set before the story renders and removed after it.
  beforeEach: () => {
    writeDefaultSpeciality(storedDefault.speiclaityRandomCode);
    return () => writeDefaultSpeciality(undefined);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const carryOn = await canvas.findByRole('link', { name: `Continue to your ${storedDefault.name} quote` });
    await expect(carryOn).toHaveAttribute('href', `/client/quotes/${HARBOR_RISK}`);
    await expect(canvas.getByText('Your speciality:')).toHaveTextContent(`Your speciality: ${storedDefault.name}`);
    // The whole list is still there to choose another.
    await expect(cardNames(canvas)).toEqual(shownOrder(harborRiskSpecialities));
    // It leads to the quote with the speciality in the history state.
    await userEvent.click(carryOn);
    await expect(await navigatedTo(canvasElement)).toEqual({
      href: `/client/quotes/${HARBOR_RISK}`,
      state: { specialityId: storedDefault.id },
    });
  },
};
