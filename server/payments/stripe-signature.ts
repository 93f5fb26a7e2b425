/**
 * Stripe's webhook signature scheme (https://docs.stripe.com/webhooks#verify-manually): the
 * Stripe-Signature header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with
 * the endpoint's whole secret (whsec_ prefix included). The sandbox provider and the test fake of
 * Stripe sign with it, so the webhook route verifies every provider's events the same way.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';

export function signStripePayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** How far a signature's timestamp may lie from the server's clock, either way: Stripe's default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event a Stripe-Signature header vouches for, or a throw. The SDK checks the HMAC and the
 * age (it takes `receivedAt` in milliseconds); a timestamp from the future is refused here too,
 * so a signature cannot be made to last longer than the window.
 */
export async function verifiedStripeEvent(
  rawBody: Buffer,
  header: string,
  secret: string,
  now: Date,
): Promise<Stripe.Event> {
  const event = await Stripe.webhooks.constructEventAsync(
    rawBody,
    header,
    secret,
    SIGNATURE_TOLERANCE_SECONDS,
    undefined,
    now.getTime(),
  );
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
  if (!(timestamp <= now.getTime() / 1000 + SIGNATURE_TOLERANCE_SECONDS))
    throw new Error('The signature is dated in the future');
  return event;
}
