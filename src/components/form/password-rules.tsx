import * as v from 'valibot';
import { newPasswordFor, newPasswordSchema, PASSWORD_HAS_EMAIL, PASSWORD_MIN_LENGTH } from '@shared/contract/auth';

/** The contract's strength rule, one line per check, in the order the schema applies them. */
const RULES = [
  { text: `At least ${PASSWORD_MIN_LENGTH} characters`, message: `must be at least ${PASSWORD_MIN_LENGTH} characters` },
  { text: 'At least one letter', message: 'must contain a letter' },
  { text: 'At least one digit or symbol', message: 'must contain a digit or a symbol' },
];

/** Shown only where the form knows the address (sign-up); a reset's server answer names it otherwise. */
const EMAIL_RULE = { text: 'Not your e-mail address, nor the name before its @', message: PASSWORD_HAS_EMAIL };

/** The messages the contract's schema gives for a password: every check, not only the first. */
function failedChecks(password: string, email: string | undefined): Set<string> {
  const schema = email === undefined ? newPasswordSchema : newPasswordFor(email);
  const result = v.safeParse(schema, password, { abortPipeEarly: false });
  return new Set(result.success ? [] : result.issues.map((issue) => issue.message));
}

/**
 * The password strength rule, explained before anything is submitted (issue 3), each line
 * ticked as the password meets it. It is the password field's hint, read with the field.
 */
export function PasswordRules({ password, email }: { password: string; email?: string }) {
  const failed = failedChecks(password, email);
  const rules = email === undefined ? RULES : [...RULES, EMAIL_RULE];
  return (
    <>
      <span>Your password needs:</span>
      <ul className="password-rules">
        {rules.map((rule) => {
          const met = password !== '' && !failed.has(rule.message);
          return (
            <li key={rule.message} className={met ? 'password-rules__met' : undefined}>
              <span aria-hidden="true" className="password-rules__mark">
                {met ? '✓' : '•'}
              </span>{' '}
              {rule.text}
              <span className="visually-hidden">{met ? ' (done)' : ''}</span>
            </li>
          );
        })}
      </ul>
      {/* The list of common passwords is the server's (too big to send): it says so on submit. */}
      <span>Long passphrases are welcome; the most common passwords are not accepted.</span>
    </>
  );
}
