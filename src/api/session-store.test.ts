import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@shared/contract/auth';
import {
  clearAllCookies,
  clearStoredUser,
  readCookie,
  readStoredState,
  refreshSharedSession,
  storedUserFromSession,
  writeRememberCookie,
  writeStoredUser,
  type SessionJar,
} from '@/api/session-store';

/** A cookie jar that behaves like document.cookie: set one at a time, read all as "a=1; b=2". */
class FakeCookies {
  readonly jar = new Map<string, { value: string; path: string; domain: string | undefined; maxAge?: number }>();
  readonly writes: string[] = [];

  get cookie(): string {
    return [...this.jar.values()].map((c) => c.value).join('; ');
  }

  set cookie(text: string) {
    this.writes.push(text);
    const [pair, ...attributes] = text.split(';').map((part) => part.trim());
    const name = pair!.split('=')[0]!;
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const domain = attribute('domain');
    const key = `${name}|${path}|${domain ?? ''}`;
    const maxAge = attribute('max-age');
    if (maxAge === '0' || attribute('expires')?.includes('1970')) this.jar.delete(key);
    else this.jar.set(key, { value: pair!, path, domain, ...(maxAge ? { maxAge: Number(maxAge) } : {}) });
  }
}

function fakeJar(overrides: Partial<SessionJar> = {}) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const cookies = new FakeCookies();
  const jar: SessionJar = {
    storage,
    cookies,
    hostname: 'portal.example.com',
    pathname: '/client/login/harbor-risk',
    secure: true,
    ...overrides,
  };
  return { jar, items, cookies };
}

const session: Session = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  rememberMe: true,
  user: { id: 7, email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', role: 'insured' },
};

describe('the stored session', () => {
  it('uses exactly ssp-auth-token (the access token) and ssp-auth-user (the user object with id and token)', () => {
    const { jar, items } = fakeJar();
    writeStoredUser(storedUserFromSession(session, 1_000), jar);
    expect([...items.keys()].sort()).toEqual(['ssp-auth-token', 'ssp-auth-user']);
    expect(items.get('ssp-auth-token')).toBe('access-1');
    expect(JSON.parse(items.get('ssp-auth-user')!)).toEqual({
      id: 7,
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      role: 'insured',
      token: 'access-1',
      refreshToken: 'refresh-1',
      rememberMe: true,
      expiresAt: 901_000,
    });
    expect(readStoredState(jar).user?.token).toBe('access-1');
  });

  it('reads no session when the token is gone (a 401 drops it) or the user object is damaged', () => {
    const { jar, items } = fakeJar();
    writeStoredUser(storedUserFromSession(session), jar);
    items.delete('ssp-auth-token');
    expect(readStoredState(jar).user).toBeNull();
    items.set('ssp-auth-token', 'access-1');
    items.set('ssp-auth-user', '{"id":7');
    expect(readStoredState(jar).user).toBeNull();
    items.set('ssp-auth-user', '{"id":7,"token":"access-1"}');
    expect(readStoredState(jar).user).toBeNull();
  });

  it('removes the token and the user on sign-out, and nothing else', () => {
    const { jar, items } = fakeJar();
    items.set('clientid', 'harbor-risk');
    writeStoredUser(storedUserFromSession(session), jar);
    clearStoredUser(jar);
    expect([...items.keys()]).toEqual(['clientid']);
  });

  it('survives storage that throws (disabled or full)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { jar } = fakeJar({ storage: broken });
    expect(() => writeStoredUser(storedUserFromSession(session), jar)).not.toThrow();
    expect(() => clearStoredUser(jar)).not.toThrow();
    expect(readStoredState(jar).user).toBeNull();
  });
});

describe('the remember cookie', () => {
  it('is "true" for 30 days, or "false" for the browser session only', () => {
    const { jar, cookies } = fakeJar();
    writeRememberCookie(true, jar);
    expect(cookies.writes.at(-1)).toBe('remember=true; path=/; SameSite=Lax; Secure; max-age=2592000');
    expect(readStoredState(jar).rememberCookie).toBe('true');
    writeRememberCookie(false, jar);
    expect(cookies.writes.at(-1)).toBe('remember=false; path=/; SameSite=Lax; Secure');
    expect(readCookie('remember', jar)).toBe('false');
    expect(readStoredState(jar).rememberCookie).toBe('false');
  });

  it('clears every cookie the page can see, whatever path or domain it was set with', () => {
    const { jar, cookies } = fakeJar();
    cookies.cookie = 'remember=false; path=/';
    cookies.cookie = 'theme=dark; path=/client';
    cookies.cookie = 'tracking=abc; path=/; domain=example.com';
    cookies.cookie = 'lang=en; path=/client/login/harbor-risk; domain=portal.example.com';
    clearAllCookies(jar);
    expect(cookies.cookie).toBe('');
  });
});

describe('refreshSharedSession', () => {
  it('calls the server under a cross-tab lock and stores the rotated tokens before releasing it', async () => {
    const { jar, items } = fakeJar();
    writeStoredUser(storedUserFromSession(session), jar);
    const locked: string[] = [];
    const locks = {
      request: async <T>(name: string, run: () => Promise<T>) => {
        locked.push(name);
        return run();
      },
    };
    const call = vi.fn(async () => ({ ...session, token: 'access-2', refreshToken: 'refresh-2' }));
    const renewed = await refreshSharedSession('refresh-1', { jar, locks, call });
    expect(locked).toEqual(['ssp-auth-refresh']);
    expect(call).toHaveBeenCalledWith('refresh-1');
    expect(renewed.refreshToken).toBe('refresh-2');
    expect(items.get('ssp-auth-token')).toBe('access-2');
  });

  it('adopts the tokens another tab already rotated instead of reusing the spent refresh token', async () => {
    const { jar } = fakeJar();
    writeStoredUser(storedUserFromSession({ ...session, token: 'access-2', refreshToken: 'refresh-2' }), jar);
    const call = vi.fn();
    const renewed = await refreshSharedSession('refresh-1', { jar, locks: undefined, call });
    expect(call).not.toHaveBeenCalled();
    expect(renewed.token).toBe('access-2');
    expect(renewed.refreshToken).toBe('refresh-2');
    expect(renewed.expiresIn).toBeGreaterThan(890);
  });
});
