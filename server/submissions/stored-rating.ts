/** Reading back the rating a submission was saved with (its worksheet column). */
import * as v from 'valibot';
import { calculateResponseSchema, type Calculation } from '@shared/contract/rating';

/** The stored rating, when it still reads as one (older or foreign rows answer null, not a 500). */
export function storedRating(worksheet: unknown): Calculation | null {
  const parsed = v.safeParse(calculateResponseSchema, worksheet);
  return parsed.success ? parsed.output : null;
}
