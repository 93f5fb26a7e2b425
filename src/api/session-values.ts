import { CLIENT_ID_KEY, DEFAULT_SPECIALITY_KEY } from '@/api/session-storage-keys';

type SessionValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage, or nothing where it is missing or refused (private modes, sandboxed frames). */
function browserSession(): SessionValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function read(key: string, storage = browserSession()): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined, storage = browserSession()): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // A full or refused storage only costs the convenience of remembering.
  }
}

/** The client id of the broker storefront this tab last entered (specification §3). */
export const writeClientId = (clientid: string, storage?: SessionValueStorage) =>
  write(CLIENT_ID_KEY, clientid, storage ?? browserSession());

/** The speciality code a single-code `?s=` link chose for this tab (specification §2). */
export const readDefaultSpeciality = (storage?: SessionValueStorage) =>
  read(DEFAULT_SPECIALITY_KEY, storage ?? browserSession());
export const writeDefaultSpeciality = (code: string | undefined, storage?: SessionValueStorage) =>
  write(DEFAULT_SPECIALITY_KEY, code, storage ?? browserSession());
