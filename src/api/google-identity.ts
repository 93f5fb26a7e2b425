/**
 * Google Identity Services (https://accounts.google.com/gsi/client), loaded on demand by the
 * screens that offer Google sign-in. With no network to Google, loading fails (or times out)
 * and the button is simply not offered.
 */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) to hand to POST auth/signInWithGoogle. */
  credential: string;
}

/** The part of google.accounts.id the screens use. */
export interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: string;
      size?: string;
      text?: string;
      shape?: string;
      width?: number;
      logo_alignment?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

let loading: Promise<GoogleIdentity> | undefined;

/** The script, added once per page; a failed or stalled load can be tried again later. */
export function loadGoogleIdentity(timeoutMs = 8_000): Promise<GoogleIdentity> {
  const ready = globalThis.window?.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(new Error('No document to load Google sign-in into.'));
      return;
    }
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('Google sign-in did not load in time.'), timeoutMs);
    script.addEventListener('load', () => {
      const id = window.google?.accounts?.id;
      if (!id) return fail('Google sign-in loaded without its API.');
      clearTimeout(timer);
      resolve(id);
    });
    script.addEventListener('error', () => fail('Google sign-in could not be loaded.'));
    document.head.append(script);
  });
  return loading;
}
