import { useRouter } from '@tanstack/react-router';
import type { AuthActor } from '@/routes/router-context';

/** The one auth actor (router context), for useSelector and send. */
export function useAuth(): AuthActor {
  return useRouter().options.context.auth;
}
