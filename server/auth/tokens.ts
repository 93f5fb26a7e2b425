/**
 * Access tokens: HS256 JWTs signed with AUTH_SECRET, 15 minutes, naming the user (sub), their
 * role and their session (sid: the refresh-token family). Refresh and reset tokens: 32 random
 * bytes, base64url on the wire, only their SHA-256 kept in the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@server/auth/user';
import type { Config } from '@server/config';
import { DAY, HOUR, MINUTE } from '@server/clock';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
/** "Remember me": a month; otherwise a working day. Both slide: every refresh restarts them. */
export const REFRESH_TTL_REMEMBER_MS = 30 * DAY;
export const REFRESH_TTL_SESSION_MS = 12 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;

export const refreshLifetime = (remember: boolean) => (remember ? REFRESH_TTL_REMEMBER_MS : REFRESH_TTL_SESSION_MS);

/** 256 bits from the CSPRNG, URL-safe (43 characters). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the database keeps instead of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export type AccessClaims = { userId: number; role: Role; sessionId: string };

type Signer = Pick<Config, 'authSecret' | 'publicUrl'>;

/**
 * The HMAC key, imported once per config: given the secret's bytes, jose imports a CryptoKey
 * on every sign and verify, which costs more than the HMAC itself. Kept beside the config
 * object (two apps with two configs keep two keys), and remade should the secret differ.
 */
const keys = new WeakMap<Signer, { secret: string; key: Promise<CryptoKey> }>();

const keyOf = (config: Signer): Promise<CryptoKey> => {
  const secret = config.authSecret;
  if (!secret) throw new Error('AUTH_SECRET is not loaded (use loadConfig)');
  const known = keys.get(config);
  if (known?.secret === secret) return known.key;
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  keys.set(config, { secret, key });
  return key;
};

/** Issuer and audience: this deployment's API (tokens of another deployment don't pass). */
const issuerOf = (config: Signer) => config.publicUrl;
const audienceOf = (config: Signer) => `${config.publicUrl}/api/weborder`;

export async function signAccessToken(config: Signer, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(issuerOf(config))
    .setAudience(audienceOf(config))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_MS / 1000)
    .sign(await keyOf(config));
}

/** The claims of a valid token, or undefined for anything else (forged, expired, foreign, malformed). */
export async function verifyAccessToken(config: Signer, token: string, now: Date): Promise<AccessClaims | undefined> {
  const key = await keyOf(config);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: issuerOf(config),
      audience: audienceOf(config),
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp', 'sid'],
    });
    const userId = /^[1-9]\d{0,9}$/.test(payload.sub ?? '') ? Number(payload.sub) : NaN;
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || typeof payload.role !== 'string') {
      return undefined;
    }
    return { userId, role: payload.role as Role, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
