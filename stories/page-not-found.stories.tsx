import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PageNotFoundScreen from '@/screens/page-not-found/page-not-found-screen';
import type { RouterParameters } from './support/router-decorator';

const meta = {
  title: 'Screens/Page not found',
  component: PageNotFoundScreen,
} satisfies Meta<typeof PageNotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  parameters: { route: '/page-not-found' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
  },
};

export const Branded: Story = {
  parameters: { route: '/client/page-not-found/harbor-risk' } satisfies RouterParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    // The way back stays on the broker's storefront.
    await expect(canvas.getByRole('link', { name: 'Back to the start' })).toHaveAttribute(
      'href',
      '/client/landing/harbor-risk',
    );
  },
};
