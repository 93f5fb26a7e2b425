/** The SQL of an active broker named by its client URL (stored lower-case): as sign-up links it, as its storefront shows it. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { brokers } from '@server/db/schema';

const activeWithUrl = (clientUrl: string) => and(eq(brokers.clientUrl, clientUrl), eq(brokers.active, true));

export async function activeBrokerId(
  db: Queryable,
  clientUrl: string,
): Promise<{ id: number; clientUrl: string } | undefined> {
  const [broker] = await db
    .select({ id: brokers.id, clientUrl: brokers.clientUrl })
    .from(brokers)
    .where(activeWithUrl(clientUrl));
  return broker;
}

export async function activeBrokerBrand(db: Queryable, clientUrl: string) {
  const [broker] = await db
    .select({
      name: brokers.name,
      abbreviation: brokers.abbreviation,
      image: brokers.profileImage,
      mime: brokers.profileImageMime,
    })
    .from(brokers)
    .where(activeWithUrl(clientUrl));
  return broker;
}
