import * as v from 'valibot';
import { http, retryOnce } from '@/api/client';
import {
  calculateResponseSchema,
  ilfdlfResponseSchema,
  type CalculateRequest,
  type Calculation,
  type IlfDlfMatrix,
  type QuoteInput,
} from '@shared/contract/rating';

/** POST auth/ilfdlf: every limit × deductible priced at once. Public: a visitor prices first. */
export async function priceEveryOption(input: QuoteInput): Promise<IlfDlfMatrix> {
  return v.parse(ilfdlfResponseSchema, await http().post('auth/ilfdlf', { json: input }).json());
}

/** POST auth/calculate: one option with its worksheet and payment plans. Retried once (§9). */
export async function calculate(input: CalculateRequest): Promise<Calculation> {
  return v.parse(
    calculateResponseSchema,
    await http().post('auth/calculate', { json: input, retry: retryOnce }).json(),
  );
}
