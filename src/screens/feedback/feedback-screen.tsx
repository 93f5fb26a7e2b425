import '@/styles/feedback.css';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import * as v from 'valibot';
import { feedbackRequestSchema } from '@shared/contract/feedback';
import { TextAreaField } from '@/components/form/text-area-field';
import { ServerFailure } from '@/components/form/server-failure';
import { useForm } from '@/components/form/use-form';
import { ScreenLink } from '@/components/screen-link';
import { feedbackMachine, type FeedbackFailure } from '@/machines/feedback.machine';

const RATINGS = [
  { value: '1', words: 'Very poor' },
  { value: '2', words: 'Poor' },
  { value: '3', words: 'Okay' },
  { value: '4', words: 'Good' },
  { value: '5', words: 'Excellent' },
] as const;

/** The fields the form shows, by their wire names: a server message for any other goes in the alert. */
const SHOWN_FIELDS = ['rating', 'message'] as const;

export default function FeedbackScreen() {
  const [state, send] = useMachine(feedbackMachine);
  const thanks = useRef<HTMLHeadingElement>(null);
  const sent = state.matches('sent');

  useEffect(() => {
    // The form is gone: its replacement's heading takes focus and reads the news.
    if (sent) thanks.current?.focus();
  }, [sent]);

  return (
    <section data-screen="feedback" className="screen screen--narrow feedback" aria-labelledby="feedback-title">
      <p className="eyebrow">Tell us</p>
      <h1 id="feedback-title">Feedback</h1>
      {sent ? (
        <div className="feedback__thanks">
          <h2 ref={thanks} tabIndex={-1}>
            Thank you
          </h2>
          <p>Your feedback has reached the team that builds Practice Shield. We read every message.</p>
          <p>
            <ScreenLink screen="dashboard" className="button">
              Back to your dashboard
            </ScreenLink>
          </p>
        </div>
      ) : (
        <>
          <p className="feedback__lead">How did buying your cover go? Tell us what worked and what got in the way.</p>
          <FeedbackForm
            sending={state.matches('sending')}
            failure={state.context.failure}
            onSend={(rating, message) => send({ type: 'feedback.send', feedback: { rating, message, page: null } })}
          />
        </>
      )}
    </section>
  );
}

function FeedbackForm({
  sending,
  failure,
  onSend,
}: {
  sending: boolean;
  failure: FeedbackFailure | null;
  onSend: (rating: number, message: string) => void;
}) {
  const form = useForm(
    {
      rating: {
        schema: v.picklist(
          RATINGS.map((rating) => rating.value),
          'is required: choose from 1 to 5',
        ),
        name: 'Your rating',
      },
      message: { schema: feedbackRequestSchema.entries.message, name: 'Your feedback' },
    },
    { rating: failure?.fields.rating, message: failure?.fields.message },
  );
  const groupId = useId();
  const ratingError = form.error('rating');

  function submit(event: FormEvent) {
    event.preventDefault();
    // While sending the button stays focusable (aria-disabled): a second press lands here and is ignored.
    if (sending) return;
    const values = form.submit();
    if (values) onSend(Number(values.rating), values.message.trim());
  }

  return (
    <>
      {failure && (
        <ServerFailure title="We could not send your feedback" failure={failure} shownFields={SHOWN_FIELDS} />
      )}
      <form className="form" noValidate onSubmit={submit} aria-busy={sending}>
        <fieldset className={`choices rating${ratingError ? ' choices--invalid' : ''}`}>
          <legend>How was your experience?</legend>
          <p id={`${groupId}-hint`} className="field__hint rating__hint">
            1 is very poor, 5 is excellent.
          </p>
          <div className="rating__options">
            {RATINGS.map((rating, index) => (
              <label key={rating.value} className="choice rating__option">
                <input
                  type="radio"
                  name={`${groupId}-rating`}
                  value={rating.value}
                  checked={form.values.rating === rating.value}
                  onChange={() => form.setValue('rating', rating.value)}
                  onBlur={() => form.leave('rating')}
                  ref={index === 0 ? form.register('rating') : undefined}
                  required
                  aria-invalid={ratingError ? true : undefined}
                  aria-describedby={ratingError ? `${groupId}-hint ${groupId}-error` : `${groupId}-hint`}
                />
                <span className="choice__label">
                  <span className="rating__number">{rating.value}</span> {rating.words}
                </span>
              </label>
            ))}
          </div>
          {ratingError && (
            <p id={`${groupId}-error`} className="field__error">
              {ratingError}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Your feedback"
          hint="What went well, what was confusing, what you missed. Please leave out card and policy numbers."
          rows={6}
          {...form.field('message')}
          readOnly={sending}
        />
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : 'Send feedback'}
          </button>
        </div>
      </form>
    </>
  );
}
