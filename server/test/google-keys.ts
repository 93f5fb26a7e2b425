/**
 * A stand-in for Google's sign-in keys: an RS256 key pair whose public half is served as a JWKS
 * from a local HTTP server, and ID tokens signed with it the way Google signs them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export type TestGoogle = {
  clientId: string;
  /** GOOGLE_JWKS_URL for the app under test. */
  jwksUrl: string;
  /** A JWKS address that answers 500, as an outage would. */
  brokenJwksUrl: string;
  /** How many times the key set was fetched. */
  fetches(): number;
  idToken(claims: JWTPayload & { sub: string }, options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
};

export type TokenOptions = {
  audience?: string;
  issuer?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  /** Sign with a key the JWKS does not hold (under the same kid). */
  foreignKey?: boolean;
};

export async function startTestGoogle(clientId = 'test-client.apps.googleusercontent.com'): Promise<TestGoogle> {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign: CryptoKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      fetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    } else {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('outage');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    clientId,
    jwksUrl: `${base}/oauth2/v3/certs`,
    brokenJwksUrl: `${base}/broken`,
    fetches: () => fetches,
    async idToken(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setIssuedAt(now - 60)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(options.foreignKey ? foreign : privateKey);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
