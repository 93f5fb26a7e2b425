import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newPasswordFor, PASSWORD_HAS_EMAIL } from '@shared/contract/auth';

/** The sign-up form's password check: the schema's rules and the e-mail rule, in the server's words. */
const messages = (password: string, email: string) => {
  const result = v.safeParse(newPasswordFor(email), password, { abortPipeEarly: false });
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('newPasswordFor', () => {
  it('refuses the address or its local part of 4+ characters, whatever the case', () => {
    expect(messages('Pat.Tester@Example.com', 'pat.tester@example.com')).toEqual([PASSWORD_HAS_EMAIL]);
    expect(messages('my-PAT.TESTER-99', 'pat.tester@example.com')).toEqual([PASSWORD_HAS_EMAIL]);
  });

  it('accepts a short local part, and anything before an address is typed', () => {
    expect(messages('Joe-is-a-safe-pick-9', 'joe@example.com')).toEqual([]);
    expect(messages('Anything-goes-42', '')).toEqual([]);
  });

  it('still applies the strength rules', () => {
    expect(messages('short', 'pat@example.com')).toContain('must be at least 10 characters');
  });
});
