import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { brokers } from '@server/db/schema';
import { badRequest } from '@server/http/http-error';

/**
 * The active broker a client URL names (client URLs are stored lower-case), or a 400 naming
 * `clientId`. Null when no client URL was given.
 */
export async function brokerOfClientId(
  db: Queryable,
  clientId: string | null | undefined,
): Promise<{ id: number; clientUrl: string } | null> {
  if (clientId === undefined || clientId === null) return null;
  const clientUrl = clientId.toLowerCase();
  const [broker] = await db
    .select({ id: brokers.id, clientUrl: brokers.clientUrl })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, clientUrl), eq(brokers.active, true)));
  if (!broker) {
    throw badRequest(`Invalid body: clientId "${clientUrl}" is not a known broker`, { clientId: 'is not a known broker' });
  }
  return broker;
}
