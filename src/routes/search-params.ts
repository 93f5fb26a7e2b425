import * as v from 'valibot';
import { recordIdInputSchema } from '@/api/contract/address';

/** One value, or a key repeated in the query string (`?s=A&s=B` reads as "A,B"). */
const commaList = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.transform((value) => (Array.isArray(value) ? value.join(',') : value)),
);

/**
 * `s`: one speciality random code, or several separated by commas (specification §2). The
 * default-speciality machine judges the codes: junk is its page-not-found, not a routing error.
 */
export const landingSearch = v.object({
  s: v.optional(commaList),
});

/** specialities: `s` as on landing, and `speciality`, the codes to show (all when absent). */
export const specialitiesSearch = v.object({
  s: v.optional(commaList),
  speciality: v.optional(commaList),
});

/** `redirect`: where to go once signed in; anything else in its place is ignored. */
export const loginSearch = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2048))), undefined),
});

/**
 * editorder: `submissionid`, the order to edit (a positive whole number). Anything else in its
 * place reads as no order, which the screen answers with "We could not find that order" rather
 * than a routing error.
 */
export const editOrderSearch = v.object({
  submissionid: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/**
 * A redirect target only when it is a path of this site: "/x", never "//host", "/\host" or
 * "https://…", so a crafted login link cannot send a user elsewhere after signing in.
 */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // No control characters (a smuggled newline or tab).
  return [...target].some((char) => char.charCodeAt(0) < 0x20) ? undefined : target;
}
