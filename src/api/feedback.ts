import * as v from 'valibot';
import { http } from '@/api/client';
import { feedbackSavedSchema, type FeedbackRequest, type FeedbackSaved } from '@shared/contract/feedback';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/**
 * POST insured/feedback. The Idempotency-Key makes a repeat of the same attempt (a lost answer,
 * a double submit) save nothing new; a 400 names the fields it refuses.
 */
export async function sendFeedback(request: FeedbackRequest, idempotencyKey: string): Promise<FeedbackSaved> {
  const response = await http().post('insured/feedback', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(feedbackSavedSchema, await response.json());
}
