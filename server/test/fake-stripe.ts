/**
 * A local stand-in for the part of Stripe's HTTP API the Stripe adapter uses (create and
 * retrieve a checkout session), so tests run the real SDK with no network: point
 * STRIPE_API_BASE (or stripeProvider's apiBase) at `url`. It checks the secret key, honours
 * Idempotency-Key as Stripe does, answers errors in Stripe's shape, and builds signed
 * checkout.session.* events for a test to deliver to the app's webhook.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signStripePayload } from '@server/payments/stripe-signature';

/** A form body in Stripe's bracket notation, parsed: a[b][0][c]=v → { a: { b: [{ c: 'v' }] } }. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export type FakeSessionObject = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: string;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  created: number;
};

export type FakeSession = {
  /** What the SDK sent to create it, parsed. */
  params: Form;
  /** The session as Stripe answers it (pay and expire change it). */
  object: FakeSessionObject;
};

export type SignedStripeEvent = { payload: string; signature: string; eventId: string };

export type FakeStripe = {
  /** http://127.0.0.1:PORT */
  url: string;
  sessions: Map<string, FakeSession>;
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>;
  /** Marks the session paid and answers a signed checkout.session.completed for it. */
  pay(sessionId: string): SignedStripeEvent;
  /** Marks the session expired and answers a signed checkout.session.expired for it. */
  expire(sessionId: string): SignedStripeEvent;
  /** The next `count` session creations fail with a 500, which their Idempotency-Key then replays. */
  failNextCreates(count: number): void;
  close(): Promise<void>;
};

const API_VERSION = '2026-10-28.endive';
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const fields = (value: FormValue | undefined): Form =>
  typeof value === 'object' && !Array.isArray(value) ? value : {};
const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : null);
const record = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/** Objects whose keys are 0…n-1 become arrays, as Stripe reads line_items[0][…]. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = Object.fromEntries(keys.map((key) => [key, arrays(value[key]!)]));
  const indexed = keys.length > 0 && keys.every((key, index) => key === String(index));
  return indexed ? keys.map((key) => entries[key]!) : entries;
}

export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, '')) ?? [key];
    let node: Form = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] = fields(node[part]);
    });
  }
  return arrays(root) as Form;
}

function stripeError(response: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
  response
    .writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    .end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...extra } }));
}

export async function startFakeStripe(options: { webhookSecret: string; secretKey?: string }): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripe['requests'] = [];
  /** Idempotency-Key → the session it created (or null: it failed) and the body it was created with. */
  const idempotent = new Map<string, { sessionId: string | null; body: string }>();
  let failingCreates = 0;
  let base = '';

  function createSession(body: string): FakeSessionObject {
    const params = parseStripeForm(body);
    let amount = 0;
    let currency = '';
    for (const item of Array.isArray(params.line_items) ? params.line_items.map(fields) : []) {
      const price = fields(item.price_data);
      amount += Number(text(price.unit_amount) ?? 0) * Number(text(item.quantity) ?? 1);
      currency = text(price.currency) ?? currency;
    }
    const sessionId = id('cs_test');
    const object: FakeSessionObject = {
      id: sessionId,
      object: 'checkout.session',
      url: `${base}/pay/${sessionId}`,
      mode: text(params.mode) ?? 'payment',
      amount_total: amount,
      currency,
      customer_email: text(params.customer_email),
      client_reference_id: text(params.client_reference_id),
      success_url: text(params.success_url),
      cancel_url: text(params.cancel_url),
      metadata: record(params.metadata),
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      created: now(),
    };
    sessions.set(sessionId, { params, object });
    return object;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    requests.push({ method, path, idempotencyKey });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(response, 401, 'Invalid API Key provided');
    const json = (object: unknown) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') })
        .end(JSON.stringify(object));
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (earlier && earlier.body !== body) {
        const message =
          'Keys for idempotent requests can only be used with the same parameters they were first used with.';
        return stripeError(response, 400, message, { type: 'idempotency_error' });
      }
      // As Stripe does, a key whose first request failed with a 500 answers that 500 again.
      if (earlier)
        return earlier.sessionId
          ? json(sessions.get(earlier.sessionId)!.object)
          : stripeError(response, 500, 'An unknown error occurred', { type: 'api_error' });
      if (failingCreates > 0) {
        failingCreates -= 1;
        if (idempotencyKey) idempotent.set(idempotencyKey, { sessionId: null, body });
        return stripeError(response, 500, 'An unknown error occurred', { type: 'api_error' });
      }
      const object = createSession(body);
      if (idempotencyKey) idempotent.set(idempotencyKey, { sessionId: object.id, body });
      return json(object);
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expiring) {
      const session = sessions.get(decodeURIComponent(expiring[1]!));
      if (!session)
        return stripeError(response, 404, `No such checkout.session: '${expiring[1]}'`, { code: 'resource_missing' });
      if (session.object.status !== 'open') {
        return stripeError(response, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      }
      Object.assign(session.object, { status: 'expired', url: null });
      return json(session.object);
    }
    const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && found) {
      const session = sessions.get(decodeURIComponent(found[1]!));
      if (session) return json(session.object);
      return stripeError(response, 404, `No such checkout.session: '${found[1]}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    }
    stripeError(response, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function event(type: string, sessionId: string, change: Partial<FakeSessionObject>): SignedStripeEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`The fake Stripe has no session ${sessionId}`);
    Object.assign(session.object, change);
    const eventId = id('evt_test');
    const created = now();
    const request = { id: null, idempotency_key: null };
    const shape = {
      id: eventId,
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: session.object },
      livemode: false,
      pending_webhooks: 1,
      request,
    };
    // Stripe delivers pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify({ ...shape, type }, null, 2);
    return { payload, signature: signStripePayload(payload, options.webhookSecret, created), eventId };
  }

  return {
    url: base,
    sessions,
    requests,
    pay: (sessionId) =>
      event('checkout.session.completed', sessionId, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi_test'),
        url: null,
      }),
    expire: (sessionId) => event('checkout.session.expired', sessionId, { status: 'expired', url: null }),
    failNextCreates: (count) => {
      failingCreates = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}
