/**
 * Which address the browser used to reach the app, and whether it may be sent back there.
 *
 * Sign-ins live in the browser's storage, which is kept per origin: a payer who opened the app at
 * http://127.0.0.1:3000 and is sent back from checkout to PUBLIC_URL's http://localhost:3000 comes
 * back signed out. So the checkout returns to the origin the browser used — but only one this
 * server is known by (PUBLIC_URL's, or the address it listens on under its loopback or interface
 * names). The Origin and Host headers are the client's to write: any other value falls back to
 * PUBLIC_URL, so a forged header can never make the server send a payer somewhere else.
 * E-mailed links keep PUBLIC_URL: a mail is read anywhere.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** The names a listen address answers to: its own, or every loopback name and interface address. */
export function listenHostNames(host: string): string[] {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (ANY_ADDRESS.has(bare)) {
    const own = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined)
      .map((entry) => bracketed(entry.address.toLowerCase()));
    return [...new Set([...LOOPBACK_NAMES, ...own])];
  }
  if (LOOPBACK_NAMES.includes(bracketed(bare))) return LOOPBACK_NAMES;
  return [bracketed(bare)];
}

/** `http://name:port` for each name the listen address answers to (the server speaks plain HTTP). */
export function listenOrigins(host: string, port: number): string[] {
  return listenHostNames(host).map((name) => `http://${name}:${port}`);
}

/** The canonical origin of an address (lower case, default port dropped), or nothing. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origin the browser used, as its request says: Origin when sent, else the scheme and Host. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return originOf(origin);
  return request.host ? originOf(`${request.protocol}://${request.host}`) : undefined;
}

/** The port the server listens on: the real one once listening (PORT=0 picks any), else PORT. */
function listenPort(app: FastifyInstance): number {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : app.config.port;
}

/** Every origin a payer may be sent back to. */
export function knownOrigins(app: FastifyInstance): Set<string> {
  return new Set([originOf(app.config.publicUrl)!, ...listenOrigins(app.config.host, listenPort(app))]);
}

/**
 * Where the app's screens are for this browser: PUBLIC_URL, unless the request came through
 * another address this server is known by, which it then keeps.
 */
export function appBaseFor(app: FastifyInstance, request: FastifyRequest): string {
  const origin = requestOrigin(request);
  if (!origin || origin === originOf(app.config.publicUrl) || !knownOrigins(app).has(origin))
    return app.config.publicUrl;
  return origin;
}

/**
 * Said once at start-up when the server listens under another address than PUBLIC_URL's: a
 * browser that opens it there keeps its sign-in apart from PUBLIC_URL's, where e-mailed links
 * lead. `loopback` when both are this machine under two names (localhost and 127.0.0.1): the
 * case that surprises people working locally.
 */
export function publicUrlNotice(
  publicUrl: string,
  host: string,
  port: number,
): { message: string; loopback: boolean } | undefined {
  const publicOrigin = originOf(publicUrl);
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = originOf(`http://${bracketed(bare)}:${port}`);
  if (publicOrigin && literal === publicOrigin) return undefined;
  const listening = listenOrigins(host, port);
  const where = ANY_ADDRESS.has(bare) ? `every address of this machine, port ${port}` : literal;
  return {
    message:
      `Listening on ${where} while PUBLIC_URL is ${publicUrl}: open the app at ${publicUrl} (a sign-in made at one ` +
      'address is not seen at another, and e-mailed links lead to PUBLIC_URL), or set PUBLIC_URL to the address you use.',
    loopback: publicOrigin !== undefined && listening.includes(publicOrigin),
  };
}
