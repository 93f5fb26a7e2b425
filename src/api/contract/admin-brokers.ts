import * as v from 'valibot';
import { recordIdInputSchema } from '@/api/contract/address';

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
