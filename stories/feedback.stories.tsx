import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import FeedbackScreen from '@/screens/feedback/feedback-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { feedbackHandlers, feedbackReceived } from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The feedback screen (src/screens/feedback, src/machines/feedback.machine.ts): a rating from 1 to
 * 5 and a message, sent to POST insured/feedback with an Idempotency-Key, then thanks.
 */
const accepting = feedbackHandlers();

const meta = {
  title: 'Screens/Feedback',
  component: FeedbackScreen,
  parameters: {
    route: '/feedback',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...accepting.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: accepting.reset,
} satisfies Meta<typeof FeedbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The screen, once the route has rendered it. */
async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="feedback"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function fillIn(canvas: Canvas, rating: string, message: string) {
  const group = await canvas.findByRole('group', { name: 'How was your experience?' });
  await userEvent.click(within(group).getByRole('radio', { name: rating }));
  await userEvent.type(canvas.getByLabelText('Your feedback'), message);
}

export const Form: Story = {
  name: 'Form',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    const group = await canvas.findByRole('group', { name: 'How was your experience?' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await expect(within(group).getByRole('radio', { name: '1 Very poor' })).toHaveAccessibleDescription(
      '1 is very poor, 5 is excellent.',
    );
    await expect(within(group).getByRole('radio', { name: '5 Excellent' })).not.toBeChecked();
    await expect(canvas.getByLabelText('Your feedback')).toHaveAccessibleDescription(/What went well/);
    await expect(canvas.getByRole('button', { name: 'Send feedback' })).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors: nothing chosen or written',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send feedback' }));
    const group = canvas.getByRole('group', { name: 'How was your experience?' });
    const first = within(group).getByRole('radio', { name: '1 Very poor' });
    await expect(first).toHaveAccessibleDescription(
      '1 is very poor, 5 is excellent. Your rating is required: choose from 1 to 5',
    );
    await expect(first).toHaveFocus();
    await expect(canvas.getByLabelText('Your feedback')).toHaveAccessibleDescription(/Your feedback is required$/);
    await expect(canvas.getByLabelText('Your feedback')).toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent.
    await expect(feedbackReceived).toHaveLength(0);
    // Choosing a rating clears its message.
    await userEvent.click(within(group).getByRole('radio', { name: '4 Good' }));
    await expect(canvas.queryByText('Your rating is required: choose from 1 to 5')).toBeNull();
  },
};

export const Sent: Story = {
  name: 'Sent: thanks, and the way back',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await fillIn(canvas, '4 Good', 'Clear questions, and the price was explained.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    const thanks = await canvas.findByRole('heading', { level: 2, name: 'Thank you' });
    await waitFor(() => expect(thanks).toHaveFocus());
    await expect(canvas.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(canvas.queryByRole('button', { name: 'Send feedback' })).toBeNull();
    await expect(feedbackReceived).toHaveLength(1);
    await expect(feedbackReceived[0]!.body).toEqual({
      rating: 4,
      message: 'Clear questions, and the price was explained.',
      page: null,
    });
    await expect(feedbackReceived[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  },
};

const pending = feedbackHandlers({ pending: true });

export const Sending: Story = {
  name: 'Sending',
  parameters: { msw: { handlers: [...authHandlers(), ...pending.handlers] } },
  beforeEach: pending.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await fillIn(canvas, '5 Excellent', 'Done in ten minutes.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    const button = await canvas.findByRole('button', { name: 'Sending…' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByLabelText('Your feedback')).toHaveAttribute('readonly');
  },
};

const refusing = feedbackHandlers({
  refuse: { message: 'Please check your feedback.', fields: { message: 'must not contain a card number' } },
});

export const ServerRefusal: Story = {
  name: 'Server refusal: a 400 naming the message',
  parameters: { msw: { handlers: [...authHandlers(), ...refusing.handlers] } },
  beforeEach: refusing.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await fillIn(canvas, '2 Poor', 'My card 4111 1111 1111 1111 was charged twice.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not send your feedback');
    await expect(alert).toHaveTextContent('Please check your feedback.');
    const message = canvas.getByLabelText('Your feedback');
    await expect(message).toHaveAccessibleDescription(/Your feedback must not contain a card number$/);
    // The field the server named takes focus, so the fix starts there.
    await waitFor(() => expect(message).toHaveFocus());
  },
};

const lostAnswer = feedbackHandlers({ failFirst: true });

export const FailedThenSent: Story = {
  name: 'Failed, then sent again: the same attempt, the same Idempotency-Key',
  parameters: { msw: { handlers: [...authHandlers(), ...lostAnswer.handlers] } },
  beforeEach: lostAnswer.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await fillIn(canvas, '3 Okay', 'The ZIP step was confusing.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('503: The feedback service is busy. Please try again.');
    await waitFor(() => expect(alert).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Thank you' })).toBeVisible();
    await expect(feedbackReceived).toHaveLength(2);
    // Had the first answer been lost after saving, the server would keep one copy.
    await expect(feedbackReceived[1]!.idempotencyKey).toBe(feedbackReceived[0]!.idempotencyKey);
  },
};
