import ky, { type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { apiErrorSchema } from '@shared/contract/error';
import { forgetEarlyReads } from '@/api/early-reads';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '@/api/session-storage-keys';

/** Calls whose 401 means "wrong credentials", not "session over" (specification §8). */
const SIGN_OUT_EXEMPT = ['auth/generate-token', 'auth/signInWithGoogle', 'insured/isLogin', 'auth/forgotpassword'];

/** The specification retries rating, speciality categories and the state list once. */
export const retryOnce: Options['retry'] = {
  limit: 1,
  methods: ['get', 'post'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  // A long Retry-After from a proxy must not leave a screen loading for minutes: ky waits at most this.
  maxRetryAfter: 2_000,
};

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The auth machine subscribes here: a 401 drops the stored session and signs the user out. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The signed-in session's token as stored, if any. */
export function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function isExempt(url: string, prefix: string): boolean {
  const path = url.startsWith(prefix) ? url.slice(prefix.length).split('?')[0] : url;
  return SIGN_OUT_EXEMPT.some((exempt) => path === exempt);
}

/** `{apiBase}/api/weborder/` as an absolute address, so it works in the browser and in Node alike. */
export function apiPrefix(apiBase: string): string {
  const origin = globalThis.location?.href ?? 'http://localhost/';
  const base = new URL(apiBase || '/', origin);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL('api/weborder/', base).href;
}

function create(prefixUrl: string): KyInstance {
  return ky.create({
    prefixUrl,
    retry: 0,
    timeout: 30_000,
    hooks: {
      beforeRequest: [
        (request) => {
          // A write may change what an early read answered: none is used after it.
          if (request.method !== 'GET' && request.method !== 'HEAD') forgetEarlyReads();
          const token = storedToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status !== 401 || isExempt(request.url, prefixUrl)) return;
          globalThis.localStorage?.removeItem(AUTH_TOKEN_KEY);
          globalThis.localStorage?.removeItem(AUTH_USER_KEY);
          for (const listener of unauthorizedListeners) listener();
        },
      ],
      beforeError: [
        async (error) => {
          const { response } = error;
          let message = response.statusText || 'Request failed';
          try {
            const body = v.safeParse(apiErrorSchema, await response.clone().json());
            if (body.success) {
              message = body.output.message;
              Object.assign(error, { fields: body.output.fields ?? {} });
            }
          } catch {
            // A body that is not our JSON error keeps the status text.
          }
          error.message = `${response.status}: ${message}`;
          return error;
        },
      ],
    },
  });
}

let instance = create(apiPrefix(''));

/** Called once at start-up with the runtime config's apiBase. */
export function configureApi(apiBase: string): void {
  instance = create(apiPrefix(apiBase));
}

/** The one ky instance every API module calls through. */
export function http(): KyInstance {
  return instance;
}
