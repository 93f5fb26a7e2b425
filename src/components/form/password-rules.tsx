import * as v from 'valibot';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '@/api/contract/auth';

/** The contract's strength rule, one line per check, in the order the schema applies them. */
const RULES = [
  { text: `At least ${PASSWORD_MIN_LENGTH} characters`, message: `must be at least ${PASSWORD_MIN_LENGTH} characters` },
  { text: 'At least one letter', message: 'must contain a letter' },
  { text: 'At least one digit or symbol', message: 'must contain a digit or a symbol' },
];

/** The messages the contract's schema gives for a password: every check, not only the first. */
function failedChecks(password: string): Set<string> {
  const result = v.safeParse(newPasswordSchema, password, { abortPipeEarly: false });
  return new Set(result.success ? [] : result.issues.map((issue) => issue.message));
}

/**
 * The password strength rule, explained before anything is submitted (issue 3), each line
 * ticked as the password meets it. It is the password field's hint, read with the field.
 */
export function PasswordRules({ password }: { password: string }) {
  const failed = failedChecks(password);
  return (
    <>
      <span>Your password needs:</span>
      <ul className="password-rules">
        {RULES.map((rule) => {
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
      <span>Long passphrases are welcome.</span>
    </>
  );
}
