import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { writeDefaultSpeciality } from '@/api/session-values';
import QuotesScreen from '@/screens/quotes/quotes-screen';
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
import type { RouterParameters } from './support/router-decorator';

/**
 * The quotes screen's chosen speciality (src/machines/chosen-speciality.machine.ts): from the
 * history state a speciality card or a `?s=` link hands on (`parameters.historyState`), or in a
 * client area from the session's default speciality.
 */
const meta = {
  title: 'Screens/Quotes',
  component: QuotesScreen,
  parameters: { route: '/quotes', msw: { handlers: catalogHandlers() } } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof QuotesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const dentists = specialities.find((speciality) => speciality.id === 201)!;
const architects = harborRiskSpecialities.find((speciality) => speciality.id === 101)!;

export const NoSpeciality: Story = {
  name: 'No speciality chosen',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
  },
};

export const NoSpecialityBranded: Story = {
  name: 'No speciality chosen (branded)',
  parameters: {
    route: `/client/quotes/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'choose your speciality' })).toHaveAttribute(
      'href',
      `/client/specialities/${HARBOR_RISK}`,
    );
  },
};

export const Loading: Story = {
  name: 'Loading the chosen speciality',
  parameters: { historyState: { specialityId: dentists.id }, msw: { handlers: pendingCatalogHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your speciality…')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'choose your speciality' })).toBeNull();
  },
};

export const WithSpeciality: Story = {
  name: 'With a speciality (history state)',
  parameters: { historyState: { specialityId: dentists.id } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: `Your ${dentists.name} quote` })).toBeVisible();
    await expect(canvas.getByText(dentists.name, { selector: 'strong' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute('href', '/specialities');
    await expect(canvas.queryByRole('link', { name: 'choose your speciality' })).toBeNull();
  },
};

export const StoredDefault: Story = {
  name: 'With the stored default speciality (branded)',
  parameters: {
    route: `/client/quotes/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers()] },
  },
  // What a single-code `?s=` link stored earlier in this tab; removed after the story.
  beforeEach: () => {
    writeDefaultSpeciality(architects.speiclaityRandomCode);
    return () => writeDefaultSpeciality(undefined);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: `Your ${architects.name} quote` })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose another speciality' })).toHaveAttribute(
      'href',
      `/client/specialities/${HARBOR_RISK}`,
    );
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

const failingOnce = failingOnceCatalogHandlers(SPECIALITY_URL);

export const ServerError: Story = {
  name: 'Server error, then Try again',
  parameters: { historyState: { specialityId: dentists.id }, msw: { handlers: failingOnce.handlers } },
  beforeEach: failingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`We could not load your speciality. 500: ${SERVICE_DOWN_MESSAGE}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: `Your ${dentists.name} quote` })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
