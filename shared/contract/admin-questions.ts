import { questionTypes } from '@shared/contract/enums';
import * as v from 'valibot';
import { recordIdInputSchema, recordIdSchema, requiredText } from '@shared/contract/address';

/**
 * A speciality's question set for administrators (issue 9; beyond the specification): role admin
 * only. A question is never deleted — retired, it is no longer asked, and the answers orders
 * already hold keep their meaning — and its code and type never change, because answers are kept
 * by code and judged by type. What picking an option does is set here: a schedule credit or debit
 * (basis points), a referral to an underwriter, or a knock-out decline.
 */

const integer = v.pipe(v.number(), v.integer());
const CHOICE_TYPES: readonly string[] = ['yesno', 'select', 'multiselect'];
export const isChoiceType = (type: string) => CHOICE_TYPES.includes(type);

/** An answer's code: what answers are kept by (lower case, digits, underscores). */
export const questionCodeSchema = v.pipe(
  v.string('is required'),
  v.trim(),
  v.regex(
    /^[a-z][a-z0-9_]{1,49}$/,
    'must start with a letter and hold only lower-case letters, digits and _ (2 to 50)',
  ),
);

export const adminQuestionOptionSchema = v.object({
  value: v.pipe(
    v.string('is required'),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(50, 'must be at most 50 characters'),
  ),
  label: requiredText(200),
  /** Schedule credit (negative) or debit (positive), in basis points of the premium. */
  modifierBps: v.optional(
    v.pipe(
      v.number('must be a number of basis points'),
      v.integer('must be whole basis points'),
      v.minValue(-5000, 'must be at least -5000 (a 50 % credit)'),
      v.maxValue(5000, 'must be at most 5000 (a 50 % debit)'),
    ),
  ),
  /** Picking it sends the order to an underwriter. */
  referral: v.optional(v.boolean('must be true or false')),
  /** Picking it declines the order. */
  knockout: v.optional(v.boolean('must be true or false')),
});

export const adminQuestionConditionSchema = v.object({
  questionCode: questionCodeSchema,
  anyOf: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty())), v.minLength(1, 'must name at least one answer')),
});

export const adminQuestionSchema = v.object({
  id: integer,
  code: v.string(),
  text: v.string(),
  helpText: v.nullable(v.string()),
  type: v.picklist(questionTypes),
  required: v.boolean(),
  options: v.array(adminQuestionOptionSchema),
  condition: v.nullable(v.object({ questionCode: v.string(), anyOf: v.array(v.string()) })),
  sortOrder: integer,
  active: v.boolean(),
});
export type AdminQuestion = v.InferOutput<typeof adminQuestionSchema>;

/** GET admin/specialities/{id}/questions: the speciality and its questions in the order asked, retired ones included. */
export const adminQuestionSetSchema = v.object({
  speciality: v.object({ id: integer, name: v.string() }),
  questions: v.array(adminQuestionSchema),
});
export type AdminQuestionSet = v.InferOutput<typeof adminQuestionSetSchema>;

/** What an edit may change: never the code or the type. */
const editableEntries = {
  text: requiredText(500),
  helpText: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(1000, 'must be at most 1000 characters'),
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
    null,
  ),
  required: v.optional(v.boolean('must be true or false'), true),
  options: v.optional(v.pipe(v.array(adminQuestionOptionSchema), v.maxLength(50, 'must be at most 50 options')), []),
  condition: v.optional(v.nullable(adminQuestionConditionSchema), null),
};

/** PUT admin/questions/{id}. */
export const editQuestionRequestSchema = v.object(editableEntries);
export type EditQuestionRequest = v.InferInput<typeof editQuestionRequestSchema>;

/** POST admin/specialities/{id}/questions: asked last; move it with the order call. */
export const newQuestionRequestSchema = v.object({
  code: questionCodeSchema,
  type: v.picklist(questionTypes, `must be one of: ${questionTypes.join(', ')}`),
  ...editableEntries,
});
export type NewQuestionRequest = v.InferInput<typeof newQuestionRequestSchema>;

/** PUT admin/specialities/{id}/questions/order {ids}: every question of the set, in the order to ask them. */
export const questionOrderRequestSchema = v.object({
  ids: v.pipe(
    v.array(recordIdSchema),
    v.minLength(1, 'must name the questions'),
    v.check((ids) => new Set(ids).size === ids.length, 'must not name a question twice'),
  ),
});

export const questionIdParamsSchema = v.object({ id: recordIdInputSchema });
export const questionActiveRequestSchema = v.object({ active: v.boolean('must be true or false') });
