import * as v from 'valibot';

/** `s`: one speciality random code, or several separated by commas (specification §2). */
export const landingSearch = v.object({
  s: v.optional(v.pipe(v.string(), v.maxLength(512))),
});

/** `redirect`: where to go once signed in; anything else in its place is ignored. */
export const loginSearch = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2048))), undefined),
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
