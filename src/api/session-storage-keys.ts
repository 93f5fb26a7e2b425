/** Storage keys exactly as the specification names them (§3, §9). */
export const AUTH_TOKEN_KEY = 'ssp-auth-token';
export const AUTH_USER_KEY = 'ssp-auth-user';
/** The remember cookie (§3): "true" when the user ticked "Remember me", "false" otherwise. */
export const REMEMBER_COOKIE = 'remember';
/** Session values (§3): the broker of the client area the visitor is in, and their default speciality. */
export const CLIENT_ID_KEY = 'clientid';
export const DEFAULT_SPECIALITY_KEY = 'defaultspeciality';
