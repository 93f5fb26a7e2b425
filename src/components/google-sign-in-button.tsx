import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { googleSignInMachine } from '@/machines/google-sign-in.machine';

/**
 * Google's own button, rendered only when a client id is configured and Google's script loaded
 * (src/machines/google-sign-in.machine.ts); otherwise nothing at all. `onCredential` gets the
 * ID token for POST auth/signInWithGoogle.
 */
export function GoogleSignInButton({
  onCredential,
  context,
}: {
  onCredential: (googletoken: string) => void;
  context: 'signin' | 'signup';
}) {
  const { config } = useRouter().options.context;
  const [state] = useMachine(googleSignInMachine, { input: { configuredClientId: config.googleClientId } });
  const slot = useRef<HTMLDivElement>(null);
  // The latest callback, for Google's callback that is registered once.
  const credential = useRef(onCredential);
  useEffect(() => {
    credential.current = onCredential;
  }, [onCredential]);

  const { identity, clientId } = state.context;
  const ready = state.matches('ready');
  useEffect(() => {
    if (!ready || !identity || !clientId || !slot.current) return;
    identity.initialize({
      client_id: clientId,
      callback: (response) => credential.current(response.credential),
      ux_mode: 'popup',
      context,
      itp_support: true,
    });
    identity.renderButton(slot.current, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: context === 'signup' ? 'signup_with' : 'signin_with',
      shape: 'pill',
      width: Math.min(400, slot.current.clientWidth || 320),
    });
  }, [ready, identity, clientId, context]);

  if (!ready) return null;
  return (
    <div className="google-sign-in">
      <p className="google-sign-in__divider">
        <span>or</span>
      </p>
      <div ref={slot} className="google-sign-in__button" data-testid="google-sign-in" />
    </div>
  );
}
