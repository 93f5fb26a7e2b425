/**
 * Google ID tokens, verified locally: signature against Google's JWKS (GOOGLE_JWKS_URL, fetched
 * and cached by jose), audience GOOGLE_CLIENT_ID, Google's issuer, expiry, and a verified e-mail.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import { HttpError, unauthorized } from '@server/http/http-error';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type GoogleIdentity = {
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
};

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

/** Codes that mean "we could not fetch or read the key set", not "the token is bad". */
const unreachable = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

const refused = (why: string) => unauthorized(`Google sign-in was refused: ${why}`);

function explain(error: errors.JOSEError): string {
  switch (error.code) {
    case 'ERR_JWT_EXPIRED':
      return 'the Google token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = (error as errors.JWTClaimValidationFailed).claim;
      if (claim === 'aud') return 'the Google token was issued for another application';
      if (claim === 'iss') return 'the token was not issued by Google';
      return `the Google token's ${claim} claim is not acceptable`;
    }
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'the Google token is not signed by Google';
    default:
      return 'the Google token is not valid';
  }
}

/** Undefined when GOOGLE_CLIENT_ID is not set: Google sign-in is then off. */
export function googleVerifier(
  config: Pick<Config, 'googleClientId' | 'googleJwksUrl'>,
  clock: Clock,
): GoogleVerifier | undefined {
  const audience = config.googleClientId;
  if (!audience) return undefined;
  const keys = createRemoteJWKSet(new URL(config.googleJwksUrl), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async (idToken) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        audience,
        issuer: GOOGLE_ISSUERS,
        currentDate: clock.now(),
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !unreachable.has(error.code)) throw refused(explain(error));
      // Network failures (fetch's TypeError), timeouts, an unreadable key set: not the user's fault.
      const message = 'Google sign-in is unavailable right now: the sign-in could not be checked with Google';
      throw new HttpError(503, message, undefined, { cause: error });
    }
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.email !== 'string' || payload.email === '' || !verified) {
      throw refused('Google has not verified the e-mail address of this account');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255) {
      throw refused('the Google token names no account');
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);
    return {
      subject: payload.sub,
      email: payload.email.trim(),
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    };
  };
}
