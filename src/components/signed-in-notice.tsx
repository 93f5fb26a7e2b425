import { Link } from '@tanstack/react-router';
import type { StoredUser } from '@/api/session-store';
import { useAuth } from '@/components/use-auth';

/** On login and sign-up when someone is already signed in: carry on, or sign out first. */
export function SignedInNotice({ user, next }: { user: StoredUser; next: string }) {
  const auth = useAuth();
  return (
    <div className="notice" role="status">
      <p>
        You are signed in as <strong>{user.firstname} {user.lastname}</strong> ({user.email}).
      </p>
      <p className="form__actions">
        <Link to={next as '/'} className="button">
          Continue
        </Link>
        <button type="button" className="button button--secondary" onClick={() => auth.send({ type: 'auth.signOut' })}>
          Sign out
        </button>
      </p>
    </div>
  );
}
