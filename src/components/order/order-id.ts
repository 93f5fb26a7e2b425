import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';

/** The order an address names (a path parameter or ?submissionid), when it is a positive whole number. */
export function orderIdOf(value: unknown): number | undefined {
  const parsed = v.safeParse(recordIdInputSchema, value);
  return parsed.success ? parsed.output : undefined;
}
