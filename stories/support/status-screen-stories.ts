import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { servedOrder, statusRoute, SUBMISSION_ID, SUBMISSION_NUMBER } from './order-status-fixtures';
import { navigatedTo } from './story-navigation';

type Story = StoryObj<{ [key: string]: unknown }>;

/**
 * The states every status screen shares, as stories: loading, an address without a usable
 * order, someone else's order (404), a failure with Try again, an order whose status belongs to
 * another screen, and the "Close this order" dialog where the order can still be closed.
 */
export function statusScreenStories(screen: string, status: SubmissionStatus, loadingTitle: string) {
  const route = statusRoute(status);
  const failing = servedOrder({
    status,
    summaryFailsOnce: { status: 503, message: 'The order service is unavailable.' },
  });
  const closable = servedOrder({ status });

  const Loading: Story = {
    name: 'Loading',
    ...servedOrder({ status, pending: ['summary'] }).story,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your order…');
      await expect(canvas.getByRole('heading', { level: 1, name: loadingTitle })).toBeVisible();
      await expect(canvasElement.querySelector(`[data-screen="${screen}"]`)).not.toBeNull();
    },
  };

  const notFound = (address: string, name: string): Story => ({
    name,
    ...servedOrder({ status }).story,
    parameters: { ...servedOrder({ status }).story.parameters, route: address },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(
        await canvas.findByRole('heading', { level: 1, name: 'We could not find that order' }),
      ).toBeVisible();
      await expect(canvas.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard');
    },
  });

  const Failed: Story = {
    name: 'Failed, then Try again',
    ...failing.story,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const alert = await canvas.findByRole('alert');
      await expect(alert).toHaveTextContent('We could not load your order. 503: The order service is unavailable.');
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      // The order's status, once it is loaded.
      await waitFor(() => expect(canvasElement.querySelector(`[data-order-status="${status}"]`)).not.toBeNull());
      await expect(canvas.queryByRole('alert')).toBeNull();
    },
  };

  // Quoted belongs on the order screen; the order screen's own stories show the reverse.
  const OnAnotherScreen: Story = {
    name: 'An order in another status goes to its screen (address replaced)',
    ...servedOrder({ status: 'quoted' }).story,
    parameters: { ...servedOrder({ status: 'quoted' }).story.parameters, route },
    play: async ({ canvasElement }) => {
      await expect((await navigatedTo(canvasElement)).href).toBe(`/order/${SUBMISSION_ID}`);
    },
  };

  const CloseDialogOpen: Story = {
    name: 'Close this order: the dialog, and Cancel',
    ...closable.story,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const open = await canvas.findByRole('button', { name: 'Close this order' });
      await userEvent.click(open);
      const dialog = await within(document.body).findByRole('dialog', { name: `Close order ${SUBMISSION_NUMBER}?` });
      await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await expect(within(dialog).getByRole('combobox', { name: 'Reason for closing' })).toHaveValue('');
      await userEvent.keyboard('{Escape}');
      await expect(within(document.body).queryByRole('dialog')).toBeNull();
      // Focus goes back to the button that opened it.
      await expect(canvas.getByRole('button', { name: 'Close this order' })).toHaveFocus();
      await expect(closable.world.sent).toEqual([]);
    },
  };

  return {
    Loading,
    NotFound: notFound(`/${screen}?submissionid=999`, 'Not found (404: someone else’s, or none)'),
    NoOrder: notFound(`/${screen}`, 'Not found (no order in the address)'),
    Failed,
    OnAnotherScreen,
    CloseDialogOpen,
    route,
  };
}
