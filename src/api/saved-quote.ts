import * as v from 'valibot';
import { answersSchema } from '@shared/contract/rating';

/**
 * The quote in progress, kept for this tab so a reload, or a detour to sign in, loses nothing
 * (issue 5). One key beside the specification's own: nothing here is secret or signs anyone in.
 */
export const SAVED_QUOTE_KEY = 'ssp-quote';

const savedQuoteSchema = v.object({
  specialityId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  zipcode: v.string(),
  answers: answersSchema,
  applicationAnswers: answersSchema,
  choice: v.optional(v.object({ limitCode: v.string(), deductibleCode: v.string() })),
  paymentTerm: v.optional(v.string()),
  resume: v.picklist(['questions', 'quote']),
  /** The Idempotency-Key of a save under way: a save repeated after a reload is the same save. */
  saveKey: v.optional(v.string()),
  /** What the server said the answers lack, for the questions screen to show. */
  fieldErrors: v.optional(v.record(v.string(), v.string())),
  /** The cover chosen and its price in words, for the summary on the screens that follow the quote. */
  summary: v.optional(
    v.object({
      speciality: v.string(),
      place: v.optional(v.string()),
      limit: v.optional(v.string()),
      deductible: v.optional(v.string()),
      plan: v.optional(v.string()),
      totalCents: v.optional(v.number()),
      dueNowCents: v.optional(v.number()),
    }),
  ),
  /** Why it was saved: to buy it now (sign-up then goes on to review and pay) or to keep it for later. */
  intent: v.optional(v.picklist(['buy', 'save'])),
  /** Once saved as an order; a visitor's quote key until signing up or in attaches it. */
  submission: v.optional(
    v.object({ submissionId: v.pipe(v.number(), v.integer()), number: v.string(), quoteKey: v.optional(v.string()) }),
  ),
});
export type SavedQuote = v.InferOutput<typeof savedQuoteSchema>;

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Every speciality's quote in progress, so opening another one loses nothing (nor its order). */
const savedQuotesSchema = v.object({
  latest: v.pipe(v.number(), v.integer()),
  quotes: v.record(v.string(), savedQuoteSchema),
});
type SavedQuotes = v.InferOutput<typeof savedQuotesSchema>;

function readAll(): SavedQuotes | undefined {
  try {
    const text = storage()?.getItem(SAVED_QUOTE_KEY);
    if (!text) return undefined;
    const json: unknown = JSON.parse(text);
    const all = v.safeParse(savedQuotesSchema, json);
    if (all.success) return all.output;
    // One quote on its own, as an earlier version kept it.
    const one = v.safeParse(savedQuoteSchema, json);
    return one.success
      ? { latest: one.output.specialityId, quotes: { [one.output.specialityId]: one.output } }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The saved quote for a speciality, or the one worked on last; anything not whole reads as none. */
export function readSavedQuote(specialityId?: number): SavedQuote | undefined {
  const all = readAll();
  return all?.quotes[String(specialityId ?? all.latest)];
}

export function writeSavedQuote(quote: SavedQuote): void {
  const all = readAll() ?? { latest: quote.specialityId, quotes: {} };
  const next: SavedQuotes = { latest: quote.specialityId, quotes: { ...all.quotes, [quote.specialityId]: quote } };
  try {
    storage()?.setItem(SAVED_QUOTE_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage costs only the resume after a reload.
  }
}

/**
 * A quote this visitor saved as an order before signing in: signing up or in hands its key over
 * (submissionRequest) so the order becomes the account's.
 */
export function visitorOrder():
  | {
      submissionId: number;
      number: string;
      /** The saved quote it came from (readSavedQuote(specialityId)): its ZIP and summary. */
      specialityId: number;
      buying: boolean;
      submissionRequest: { submissionId: number; quoteKey: string };
    }
  | undefined {
  const all = readAll();
  if (!all) return undefined;
  // The quote worked on last first, then any other this visitor saved.
  const quotes = [all.quotes[String(all.latest)], ...Object.values(all.quotes)];
  const quote = quotes.find((candidate) => candidate?.submission?.quoteKey);
  const submission = quote?.submission;
  if (!quote || !submission?.quoteKey) return undefined;
  return {
    submissionId: submission.submissionId,
    number: submission.number,
    specialityId: quote.specialityId,
    // Saved for later: the account keeps it, and the insured comes back to it from the dashboard.
    buying: quote.intent !== 'save',
    submissionRequest: { submissionId: submission.submissionId, quoteKey: submission.quoteKey },
  };
}

/**
 * Signed in or up: the order a visitor saved has been handed over (the sign-in sent its key as
 * submissionRequest, and the server made it the account's), so it is no longer a visitor's. Its
 * key goes, and with it visitorOrder(): a later sign-in in this tab (a session that ran out, a link
 * from a mail) is not the purchase, and its screen shows no purchase steps. The rest of the quote
 * stays, for the quote screens to pick up again.
 */
export function handOverVisitorQuotes(): void {
  const all = readAll();
  if (!all || !Object.values(all.quotes).some((quote) => quote.submission?.quoteKey)) return;
  const quotes = Object.fromEntries(
    Object.entries(all.quotes).map(([key, quote]) => {
      if (!quote.submission?.quoteKey) return [key, quote];
      const { quoteKey: _handedOver, ...submission } = quote.submission;
      return [key, { ...quote, submission }];
    }),
  );
  try {
    storage()?.setItem(SAVED_QUOTE_KEY, JSON.stringify({ ...all, quotes }));
  } catch {
    // Not written: the key stays, and the server refuses it as already claimed.
  }
}

/** Signing out: the quote in progress was this person's. */
export function forgetSavedQuote(): void {
  try {
    storage()?.removeItem(SAVED_QUOTE_KEY);
  } catch {
    // Nothing that could be read back either.
  }
}

/**
 * A fresh Idempotency-Key: 32 random bytes as hex (64 characters, past the 32 a visitor's needs).
 * getRandomValues, unlike randomUUID, also works on a plain-HTTP address other than localhost.
 */
export function newSaveKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
