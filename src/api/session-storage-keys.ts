/** Storage keys exactly as the specification names them (§3, §9). */
export const AUTH_TOKEN_KEY = 'ssp-auth-token';
export const AUTH_USER_KEY = 'ssp-auth-user';
/** The remember cookie (§3): "true" when the user ticked "Remember me", "false" otherwise. */
export const REMEMBER_COOKIE = 'remember';
