import * as v from 'valibot';
import { http } from '@/api/client';
import {
  questionListSchema,
  savedAnswersSchema,
  submissionAnswersSchema,
  type Question,
  type SavedAnswers,
  type SubmissionAnswers,
} from '@shared/contract/questions';
import { QUOTE_KEY_HEADER } from '@shared/contract/submissions';

/**
 * Questions calls (specification §7 Questions), each answer parsed with the wire contract
 * (shared/contract/questions.ts). Calls naming a submission take the visitor's quote key when
 * there is one (sent as x-quote-key); a signed-in insured's bearer token goes with every call.
 */

type Answers = Record<string, unknown>;

const withQuoteKey = (quoteKey: string | undefined) => (quoteKey ? { headers: { [QUOTE_KEY_HEADER]: quoteKey } } : {});

/** GET questions/list: the speciality's questions in order; with a submission, its saved answers too. */
export async function getQuestions(
  specialityId: number,
  submission?: { submissionId: number; quoteKey?: string },
): Promise<Question[]> {
  const searchParams: Record<string, number> = { specialityId };
  if (submission) searchParams.submissionId = submission.submissionId;
  const response = await http().get('questions/list', { searchParams, ...withQuoteKey(submission?.quoteKey) });
  return v.parse(questionListSchema, await response.json());
}

/** POST questions/save/{submissionId}: merges (a null removes an answer), then prices the submission again. */
export async function saveQuestionAnswers(
  submissionId: number,
  answers: Answers,
  quoteKey?: string,
): Promise<SavedAnswers> {
  const response = await http().post(`questions/save/${submissionId}`, {
    json: { answers },
    ...withQuoteKey(quoteKey),
  });
  return v.parse(savedAnswersSchema, await response.json());
}

/** GET dataacquisition/questions: the general application questions in order. */
export async function getApplicationQuestions(): Promise<Question[]> {
  return v.parse(questionListSchema, await http().get('dataacquisition/questions').json());
}

/** POST dataacquisition/savesubmissionanswers/{id}: merges the application answers given. */
export async function saveApplicationAnswers(
  submissionId: number,
  answers: Answers,
  quoteKey?: string,
): Promise<SavedAnswers> {
  const path = `dataacquisition/savesubmissionanswers/${submissionId}`;
  return v.parse(
    savedAnswersSchema,
    await http()
      .post(path, { json: { answers }, ...withQuoteKey(quoteKey) })
      .json(),
  );
}

/** GET dataacquisition/getsubmissionanswers/{id} */
export async function getApplicationAnswers(submissionId: number, quoteKey?: string): Promise<SubmissionAnswers> {
  const path = `dataacquisition/getsubmissionanswers/${submissionId}`;
  return v.parse(submissionAnswersSchema, await http().get(path, withQuoteKey(quoteKey)).json());
}

/** PUT dataacquisition/updatesubmissionanswers/{id}: the answers given become the whole set. */
export async function replaceApplicationAnswers(
  submissionId: number,
  answers: Answers,
  quoteKey?: string,
): Promise<SavedAnswers> {
  const path = `dataacquisition/updatesubmissionanswers/${submissionId}`;
  return v.parse(
    savedAnswersSchema,
    await http()
      .put(path, { json: { answers }, ...withQuoteKey(quoteKey) })
      .json(),
  );
}
