import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { StoredUser } from '@/api/session-store';
import { useAuth } from '@/components/use-auth';

/**
 * On login and sign-up when someone is already signed in: carry on, or sign out first. `next` is
 * a full path of this site and may carry a query string (the guards' `location.href`), so it is
 * followed as an href, not as a route `to` (which would drop the query).
 */
export function SignedInNotice({ user, next }: { user: StoredUser; next: string }) {
  const auth = useAuth();
  const router = useRouter();

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (modifier keys, middle button) is the browser's to open.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void router.navigate({ href: next });
  }

  return (
    <div className="notice" role="status">
      <p>
        You are signed in as{' '}
        <strong>
          {user.firstname} {user.lastname}
        </strong>{' '}
        ({user.email}).
      </p>
      <p className="form__actions">
        <a href={next} className="button" onClick={follow}>
          Continue
        </a>
        {/* A second click while signing out is ignored by the auth machine. */}
        <button type="button" className="button button--secondary" onClick={() => auth.send({ type: 'auth.signOut' })}>
          Sign out
        </button>
      </p>
    </div>
  );
}
