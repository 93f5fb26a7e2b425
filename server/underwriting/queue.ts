/**
 * GET underwriting/queue: the orders waiting on an underwriter (referred, under review) or on
 * the insured's answer to a request (missing info), oldest first by when they entered their
 * status, so nothing waits longest unseen. Filterable by broker, speciality and status; the
 * filter choices are every broker and speciality with an order in the whole queue.
 */
import type * as v from 'valibot';
import type { Queue, queueQuerySchema } from '@shared/contract/underwriting';
import type { Queryable } from '@server/db/connection';
import { referralReasons } from '@server/underwriting/order-events';
import { queueBrokers, queueRows, queueSpecialities } from '@server/underwriting/underwriting-queries';

type QueueQuery = v.InferOutput<typeof queueQuerySchema>;

/** First and last name, else the e-mail address; an order with no account yet has neither. */
export const insuredName = (user: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Visitor (no account)';

export async function underwritingQueue(db: Queryable, query: QueueQuery): Promise<Queue> {
  const rows = await queueRows(db, query);
  const reasons = await referralReasons(
    db,
    rows.map((row) => row.id),
  );
  const brokerChoices = await queueBrokers(db);
  const specialityChoices = await queueSpecialities(db);

  return {
    items: rows.map((row) => ({
      submissionId: row.id,
      number: row.number,
      status: row.status,
      waitingSince: row.statusChangedAt.toISOString(),
      insuredName: insuredName(row),
      companyName: row.companyName,
      broker: row.brokerId !== null && row.brokerName !== null ? { id: row.brokerId, name: row.brokerName } : null,
      speciality: { id: row.specialityId, name: row.specialityName },
      stateCode: row.stateCode,
      premiumCents: row.premiumCents,
      reasons: reasons.get(row.id) ?? [],
    })),
    brokers: brokerChoices,
    specialities: specialityChoices,
  };
}
