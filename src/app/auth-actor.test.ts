import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Session, User } from '@shared/contract/auth';
import type { StoredState } from '@/api/session-store';
import { isRefreshDue, refreshIfDue, refreshOnWake, WAKE_REFRESH_WINDOW_MS } from '@/app/auth-actor';
import { authMachine } from '@/machines/auth.machine';

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const ada: User = { id: 7, email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', role: 'insured' };

/** An auth actor restored from storage with an access token expiring at `expiresAt`; refreshes are counted. */
async function signedInUntil(expiresAt: number | null) {
  const refreshes: string[] = [];
  const stored: StoredState =
    expiresAt === null
      ? { user: null, rememberCookie: 'true' }
      : {
          user: { ...ada, token: 'access-0', refreshToken: 'refresh-0', rememberMe: true, expiresAt },
          rememberCookie: 'true',
        };
  const actor = createActor(
    authMachine.provide({
      actors: {
        readStoredSession: fromPromise(async () => stored),
        checkSession: fromPromise<User | null>(async () => ada),
        refreshSession: fromPromise<Session, { refreshToken: string }>(({ input }) => {
          refreshes.push(input.refreshToken);
          return new Promise(() => {});
        }),
      },
      actions: { writeSession: () => {}, clearSession: () => {}, clearAllCookies: () => {} },
    }),
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().matches('restoring')).toBe(false));
  return { actor, refreshes };
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'hidden';
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refreshIfDue', () => {
  it('refreshes when the access token has expired or expires within a minute, not before', async () => {
    const soon = await signedInUntil(NOW + WAKE_REFRESH_WINDOW_MS);
    expect(isRefreshDue(soon.actor.getSnapshot())).toBe(true);
    const later = await signedInUntil(NOW + 10 * 60_000);
    expect(isRefreshDue(later.actor.getSnapshot())).toBe(false);
    expect(refreshIfDue(later.actor)).toBe(false);
    expect(later.actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(refreshIfDue(soon.actor)).toBe(true);
    expect(soon.actor.getSnapshot().value).toEqual({ signedIn: 'refreshing' });
  });

  it('does nothing when signed out', async () => {
    const { actor, refreshes } = await signedInUntil(null);
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(refreshIfDue(actor)).toBe(false);
    expect(refreshes).toEqual([]);
  });
});

describe('refreshOnWake', () => {
  it('refreshes an access token that expired while the tab slept, when the tab is visible again', async () => {
    const { actor, refreshes } = await signedInUntil(NOW + 10 * 60_000);
    const win = new EventTarget();
    const doc = new FakeDocument();
    const stop = refreshOnWake(actor, win, doc);
    // The laptop was closed for an hour: no timer ran.
    vi.setSystemTime(NOW + 60 * 60_000);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(refreshes).toEqual([]);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'refreshing' });
    expect(refreshes).toEqual(['refresh-0']);
    stop();
  });

  it('refreshes on coming back online when the token has (nearly) expired', async () => {
    const { actor, refreshes } = await signedInUntil(NOW + 30_000);
    const win = new EventTarget();
    const stop = refreshOnWake(actor, win, new FakeDocument());
    win.dispatchEvent(new Event('online'));
    expect(refreshes).toEqual(['refresh-0']);
    stop();
  });

  it('does nothing on waking when signed out, or when the token has time left', async () => {
    for (const expiresAt of [null, NOW + 10 * 60_000]) {
      const { actor, refreshes } = await signedInUntil(expiresAt);
      const win = new EventTarget();
      const doc = new FakeDocument();
      doc.visibilityState = 'visible';
      const stop = refreshOnWake(actor, win, doc);
      doc.dispatchEvent(new Event('visibilitychange'));
      win.dispatchEvent(new Event('online'));
      expect(refreshes).toEqual([]);
      stop();
    }
  });
});
