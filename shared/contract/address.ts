import * as v from 'valibot';

/**
 * The pieces every address, person and record on the insured's account is made of (issue 6),
 * shared by the server's validation and the screens' forms. The server also checks that a ZIP
 * lies in the state given and normalises phone numbers (server/account/); the shapes here are
 * what a form can check before sending.
 */

/** Largest id the database holds (PostgreSQL integer): bigger numbers are bad input, not a 500. */
export const MAX_ID = 2_147_483_647;

/** A record id in a JSON body. */
export const recordIdSchema = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(MAX_ID, 'is too large'),
);

/** A record id as text (a form field, a query string). */
export const recordIdStringSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number'),
  v.transform(Number),
  v.maxValue(MAX_ID, 'is too large'),
);

/** A record id from a form field or a query string (text), or a JSON number. */
export const recordIdInputSchema = v.union([recordIdSchema, recordIdStringSchema], 'must be a positive whole number');

/** Optional free text: trimmed; empty means "none" (null). */
export const optionalText = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string('must be text'),
        v.trim(),
        v.maxLength(max, `must be at most ${max} characters`),
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
    null,
  );

/** Required free text, trimmed. */
export const requiredText = (max: number) =>
  v.pipe(
    v.string('is required'),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

/** A USPS state code in capitals (TX). The server checks it names a state. */
export const stateCodeSchema = v.pipe(
  v.string('is required'),
  v.trim(),
  v.regex(/^[A-Z]{2}$/, 'must be a two-letter state code, e.g. TX'),
);

/** Five digits; the server checks the ZIP exists and lies in the state given. */
export const zip5Schema = v.pipe(v.string('is required'), v.trim(), v.regex(/^\d{5}$/, 'must be a 5-digit ZIP code'));

/**
 * A phone number as people type it (digits, spaces, + ( ) - .). The server normalises it to
 * E.164 (+15125550142), assuming the US when no country code is given, and refuses numbers
 * that cannot exist.
 */
/** A phone a form requires (sign-up, the review's missing contact): the server checks it can be called. */
export const requiredPhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('is required'),
  v.regex(/^[0-9+().\-\s]{7,30}$/, 'must be a phone number, e.g. (713) 555-0199'),
);

export const phoneInputSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('must be text'),
      v.trim(),
      v.maxLength(30, 'must be at most 30 characters'),
      v.regex(/^[0-9+().\-\s]*$/, 'may hold only digits, spaces and + ( ) - .'),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
  null,
);

/** An optional e-mail address; empty means none. */
export const optionalEmailSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('must be text'),
      v.trim(),
      v.maxLength(254, 'is too long'),
      v.transform((value) => (value === '' ? null : value)),
      v.nullable(v.pipe(v.string(), v.email('must be an e-mail address'))),
    ),
  ),
  null,
);

/** The address fields of a location, a plan location or an additional insured. */
export const addressInputEntries = {
  address1: requiredText(200),
  address2: optionalText(200),
  city: requiredText(100),
  state: stateCodeSchema,
  zipcode: zip5Schema,
};

/** A flag from JSON (true/false) or a form field ("true"/"false", "1"/"0"). */
export const flagInputSchema = v.union(
  [
    v.boolean(),
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
      v.transform((value) => value === 'true' || value === '1'),
    ),
  ],
  'must be true or false',
);

/** What a DELETE answers: the record gone, and which record is primary now (null when none is left). */
export const deletedSchema = v.object({
  deletedId: v.pipe(v.number(), v.integer()),
  primaryId: v.nullable(v.pipe(v.number(), v.integer())),
});
export type Deleted = v.InferOutput<typeof deletedSchema>;

/** `?id=` on the DELETE calls. */
export const idQuerySchema = v.object({ id: recordIdInputSchema });
