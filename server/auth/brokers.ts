import { activeBrokerBrand, activeBrokerId } from '@server/auth/broker-queries';
import type { Queryable } from '@server/db/connection';
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
  const broker = await activeBrokerId(db, clientUrl);
  if (!broker) {
    throw badRequest(`Invalid body: clientId "${clientUrl}" is not a known broker`, {
      clientId: 'is not a known broker',
    });
  }
  return broker;
}

/** Logos are stored redrawn as PNG or JPEG; anything else is left out rather than trusted. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * How an active broker's storefront shows it (name, abbreviation, logo as a data URL), for pages
 * the server draws itself, such as the sandbox checkout; null for an unknown or closed broker.
 */
export async function brokerBrand(
  db: Queryable,
  clientId: string,
): Promise<{ name: string; abbreviation: string; logoDataUrl: string | null } | null> {
  const broker = await activeBrokerBrand(db, clientId.toLowerCase());
  if (!broker) return null;
  const logo =
    broker.image && broker.mime && LOGO_TYPES.has(broker.mime) ? `data:${broker.mime};base64,${broker.image}` : null;
  return { name: broker.name, abbreviation: broker.abbreviation, logoDataUrl: logo };
}
