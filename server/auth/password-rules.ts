/**
 * The new-password rules the contract's schema cannot apply on its own (issue 17): not the
 * account's e-mail address (the schema of the request may not carry it — a reset has only a
 * token), and not a common password (the list is server-only, too big for the client bundle).
 */
import { PASSWORD_HAS_EMAIL, PASSWORD_IS_COMMON, passwordHasEmail } from '@shared/contract/auth';
import { isCommonPassword } from '@server/auth/common-passwords';
import { badRequest } from '@server/http/http-error';

/** Throws the API's 400 naming `field`, worded as the schema's own failures are. */
export function checkNewPassword(password: string, email: string, field: 'password' | 'newpassword'): void {
  const problem = passwordHasEmail(password, email)
    ? PASSWORD_HAS_EMAIL
    : isCommonPassword(password)
      ? PASSWORD_IS_COMMON
      : undefined;
  if (problem) throw badRequest(`Invalid body: ${field} ${problem}`, { [field]: problem });
}
