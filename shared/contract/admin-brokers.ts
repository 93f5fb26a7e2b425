import * as v from 'valibot';
import { recordIdInputSchema, recordIdSchema, requiredText } from '@shared/contract/address';
import { clientUrlSchema } from '@shared/contract/specialities';

/**
 * Brokers for administrators (issue 9; beyond the specification): role admin only. A deactivated
 * broker's storefront is gone — its client URL shows page-not-found, and nothing can be quoted
 * through it — while its orders and policies stay as they are.
 */

const integer = v.pipe(v.number(), v.integer());

export const adminBrokerSchema = v.object({
  id: integer,
  name: v.string(),
  abbreviation: v.string(),
  clientUrl: v.string(),
  active: v.boolean(),
  /** The logo as stored (already redrawn to fit LOGO_BOX), or null. */
  logo: v.nullable(v.object({ mime: v.picklist(['image/png', 'image/jpeg']), base64: v.string() })),
  /** What it sells, each with the code its `?s=` links carry. */
  specialities: v.array(v.object({ id: integer, name: v.string(), code: v.string(), active: v.boolean() })),
  /** Orders quoted through its storefront. */
  orders: integer,
});
export type AdminBroker = v.InferOutput<typeof adminBrokerSchema>;

/** GET admin/brokers: every broker, by name. */
export const adminBrokerListSchema = v.array(adminBrokerSchema);

export const brokerIdParamsSchema = v.object({ id: recordIdInputSchema });

/** PUT admin/brokers/{id}/active {active}: deactivate or reactivate; the same state again changes and records nothing. */
export const brokerActiveRequestSchema = v.object({ active: v.boolean('must be true or false') });

/** The multipart part that carries a logo (PUT admin/brokers/{id}/logo). */
export const LOGO_FIELD = 'logo';
/** Largest logo file accepted, before it is redrawn. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** Largest logo accepted in pixels (a small file can still decode to a huge image). */
export const MAX_LOGO_PIXELS = 25_000_000;
/** What a stored logo fits inside, proportions kept: twice the storefront header's size, for sharp screens. */
export const LOGO_BOX = { width: 480, height: 240 } as const;

/**
 * A client URL code as an administrator types it: the storefront's code (letters, digits,
 * hyphens), stored and compared in lower case.
 */
export const brokerClientUrlSchema = v.pipe(clientUrlSchema, v.toLowerCase());

/**
 * POST admin/brokers (create) and PUT admin/brokers/{id} (edit). `specialityIds` is the whole set
 * it sells: one added gets a code of its own made by the server; one left out stops being sold
 * (its code is kept, so adding it back brings the same links back).
 */
export const brokerRequestSchema = v.object({
  name: requiredText(120),
  abbreviation: v.pipe(
    requiredText(12),
    v.regex(/^[\p{L}\p{N}&.' -]+$/u, "may hold letters, digits, spaces and & . ' - only"),
  ),
  clientUrl: brokerClientUrlSchema,
  specialityIds: v.pipe(
    v.array(recordIdSchema, 'must be a list of speciality ids'),
    v.minLength(1, 'must name at least one speciality'),
    v.maxLength(100, 'must name at most 100 specialities'),
    v.check((ids) => new Set(ids).size === ids.length, 'must not name a speciality twice'),
  ),
});
export type BrokerRequest = v.InferInput<typeof brokerRequestSchema>;

/** GET admin/brokers/clienturl?value=&brokerid=: whether a client URL is free (for the form's live check). */
export const clientUrlCheckQuerySchema = v.object({
  value: brokerClientUrlSchema,
  /** The broker being edited: its own client URL counts as free. */
  brokerid: v.optional(recordIdInputSchema),
});

export const clientUrlCheckSchema = v.object({
  /** As it would be stored (lower case). */
  clientUrl: v.string(),
  available: v.boolean(),
  /** The broker that has it, when taken. */
  takenBy: v.nullable(v.string()),
});
export type ClientUrlCheck = v.InferOutput<typeof clientUrlCheckSchema>;
