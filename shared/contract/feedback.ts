import * as v from 'valibot';
import { optionalText, requiredText } from '@shared/contract/address';

/**
 * The feedback screen: a rating from 1 to 5 and what the insured has to say, saved in the
 * database (POST insured/feedback, beyond the specification). An Idempotency-Key header makes a
 * retry save nothing new.
 */
export const feedbackRequestSchema = v.object({
  rating: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be 1 to 5'),
    v.maxValue(5, 'must be 1 to 5'),
  ),
  message: requiredText(4000),
  /** The screen the insured came from, for context. */
  page: optionalText(200),
});
export type FeedbackRequest = v.InferInput<typeof feedbackRequestSchema>;

export const feedbackSavedSchema = v.object({ id: v.pipe(v.number(), v.integer()), createdAt: v.string() });
export type FeedbackSaved = v.InferOutput<typeof feedbackSavedSchema>;
