import * as v from 'valibot';
import { questionTypes } from '@shared/contract/enums';
import { answersSchema, calculateResponseSchema } from '@shared/contract/rating';
import { idFromQuerySchema } from '@shared/contract/specialities';
import { submissionStatusSchema } from '@shared/contract/submissions';

/**
 * Underwriting questions on the wire (specification §7 Questions): the speciality's questions
 * (questions/list) and the general application questions (dataacquisition/questions), with the
 * answers a submission holds. Options go out as value and label only: what picking one does to
 * the price or to underwriting (credits, debits, referral, knock-out) stays on the server.
 */

/** What an answer must be: yesno "yes"/"no", select one option value, multiselect a list of them, number a whole number ≥ 0, money dollars, date YYYY-MM-DD, text and textarea text. */
export type QuestionType = (typeof questionTypes)[number];

export const questionOptionSchema = v.object({ value: v.string(), label: v.string() });

/** Show the question only while the question `questionCode` (same set) has one of these answers. */
export const questionConditionSchema = v.object({ questionCode: v.string(), anyOf: v.array(v.string()) });

export const questionSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  /** What answers are keyed by. */
  code: v.string(),
  text: v.string(),
  helpText: v.nullable(v.string()),
  type: v.picklist(questionTypes),
  /** Required while it shows (a question whose condition is not met is never required). */
  required: v.boolean(),
  options: v.array(questionOptionSchema),
  condition: v.nullable(questionConditionSchema),
  /** The submission's saved answer, when a submission was named and it has one. */
  answer: v.optional(v.unknown()),
});
export type Question = v.InferOutput<typeof questionSchema>;
export const questionListSchema = v.array(questionSchema);

/**
 * GET questions/list?specialityId&submissionId. With submissionId the caller must own the
 * submission (bearer, or a visitor's x-quote-key) and it must be a quote for that speciality.
 */
export const questionListQuerySchema = v.object({
  specialityId: idFromQuerySchema,
  submissionId: v.optional(idFromQuerySchema),
});

/** POST questions/save/{submissionId} */
export const saveQuestionsParamsSchema = v.object({ submissionId: idFromQuerySchema });
/** dataacquisition/savesubmissionanswers/{id}, getsubmissionanswers/{id}, updatesubmissionanswers/{id} */
export const submissionAnswersParamsSchema = v.object({ id: idFromQuerySchema });

/**
 * The body of every answer save. POST (questions/save, savesubmissionanswers) merges: the codes
 * given replace their saved answers, a null removes one, the rest stay. PUT
 * (updatesubmissionanswers) replaces the whole set. Each answer given must fit its question's
 * type; completeness is not required here (the quote simply stays a draft until it is).
 */
export const saveAnswersRequestSchema = v.object({
  answers: v.pipe(
    answersSchema,
    v.check(
      (answers) => Object.keys(answers).every((code) => code.length <= 100),
      'has a question code longer than 100 characters',
    ),
  ),
});

/**
 * What an answer save answers. After saving, a draft or quoted submission is priced again: when
 * it prices, status `quoted` with the new `rating`; when it does not (a required answer is
 * missing, an answer no longer fits), status `draft`, `rating` null and the premium cleared,
 * with `needs` saying what is missing (keyed like auth/calculate's `fields`).
 */
export const savedAnswersSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  number: v.string(),
  status: submissionStatusSchema,
  version: v.pipe(v.number(), v.integer()),
  /** Every answer of this set the submission now holds. */
  answers: v.record(v.string(), v.unknown()),
  rating: v.nullable(calculateResponseSchema),
  /** Empty when the submission prices. */
  needs: v.record(v.string(), v.string()),
});
export type SavedAnswers = v.InferOutput<typeof savedAnswersSchema>;

/** GET dataacquisition/getsubmissionanswers/{id}: the general application answers saved. */
export const submissionAnswersSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  answers: v.record(v.string(), v.unknown()),
});
export type SubmissionAnswers = v.InferOutput<typeof submissionAnswersSchema>;
