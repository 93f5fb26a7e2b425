/**
 * Issue 17: a new password may not hold the account's e-mail address (or its local part of 4+
 * characters), nor be one of the most common passwords — on sign-up, on a change through the
 * account, and on a reset. Each refusal is a 400 naming the field with the rule's words.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HAS_EMAIL, PASSWORD_IS_COMMON, passwordHasEmail } from '@shared/contract/auth';
import { isCommonPassword } from '@server/auth/common-passwords';
import { newInsured } from '@server/test/account-helpers';
import { caller, linkIn, mailsTo, signIn, signUp, signUpBody, uniqueEmail } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const api = () => caller(() => t.app);

/** An address whose local part is `local`, unique by its domain. */
const addressWith = (local: string) => `${local}@d${randomBytes(4).toString('hex')}.example.com`;

// Each case: the e-mail, the password, the rule it breaks (undefined: accepted).
const cases: Array<[string, (email: string) => string, string, string | undefined]> = [
  [
    'the e-mail itself (with a symbol and digit it meets the other rules)',
    (email) => email,
    'pat.tester',
    PASSWORD_HAS_EMAIL,
  ],
  [
    'the e-mail in capitals inside a longer password',
    (email) => `X1-${email.toUpperCase()}`,
    'pat.tester',
    PASSWORD_HAS_EMAIL,
  ],
  ['the local part of 4+ characters', () => 'Marie-Secure-2024', 'marie', PASSWORD_HAS_EMAIL],
  ['a local part of 3 characters (allowed)', () => 'Joe-is-a-safe-pick-9', 'joe', undefined],
  ['a common password', () => 'password123', 'someone', PASSWORD_IS_COMMON],
  ['a common password in other case', () => 'PassWord123', 'someone', PASSWORD_IS_COMMON],
  ['another common one', () => '1q2w3e4r5t', 'someone', PASSWORD_IS_COMMON],
];

describe('the rules themselves', () => {
  it('load the list once and compare without case', () => {
    expect(isCommonPassword('qwerty12345')).toBe(true);
    expect(isCommonPassword('QWERTY12345')).toBe(true);
    expect(isCommonPassword('Correct-Horse-42')).toBe(false);
  });

  it('match the e-mail and a long enough local part only', () => {
    expect(passwordHasEmail('my-Ann.Lee@Example.com-1', 'ann.lee@example.com')).toBe(true);
    expect(passwordHasEmail('ANN.LEE-rules-1', 'ann.lee@example.com')).toBe(true);
    expect(passwordHasEmail('annual-report-1', 'ann@example.com')).toBe(false);
    expect(passwordHasEmail('Example-dot-com-1', 'ann.lee@example.com')).toBe(false);
  });
});

describe('POST insured/save', () => {
  it.each(cases)('%s', async (_, password, local, rule) => {
    const email = addressWith(local);
    const response = await api().post('insured/save', signUpBody({ email, password: password(email) }));
    if (rule === undefined) {
      expect(response.statusCode, response.body).toBe(201);
      return;
    }
    const body = expectError(response, 400);
    expect(body.fields).toEqual({ password: rule });
    expect(body.message).toBe(`Invalid body: password ${rule}`);
  });
});

describe('POST insured/updateprimaryinsured (a new password)', () => {
  it.each(cases)('%s', async (_, password, local, rule) => {
    const insured = await newInsured(() => t.app);
    // Against the address the account will have: the new one given in the same call.
    const email = addressWith(local);
    const response = await insured.call('POST', 'insured/updateprimaryinsured', {
      email,
      password: password(email),
      currentpassword: insured.password,
    });
    if (rule === undefined) {
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    expect(expectError(response, 400).fields).toEqual({ password: rule });
    // Nothing changed: the old password still signs in at the old address.
    await signIn(api(), insured.email, insured.password);
  });

  it('checks against the current address when the e-mail is not being changed', async () => {
    const insured = await newInsured(() => t.app);
    const response = await insured.call('POST', 'insured/updateprimaryinsured', {
      password: `Z9-${insured.email}`,
      currentpassword: insured.password,
    });
    expect(expectError(response, 400).fields).toEqual({ password: PASSWORD_HAS_EMAIL });
  });
});

describe('POST auth/updatepassword (a reset)', () => {
  async function resetToken(email: string) {
    expect((await api().post('auth/forgotpassword', { email })).statusCode).toBe(202);
    const prefix = `${t.app.config.publicUrl}/changepassword/`;
    return linkIn((await mailsTo(t.app, email)).at(-1)!, prefix).slice(prefix.length);
  }

  it.each(cases)('%s', async (_, password, local, rule) => {
    const email = addressWith(local);
    const { password: old } = await signUp(api(), { email });
    const token = await resetToken(email);
    const response = await api().post('auth/updatepassword', { token, newpassword: password(email) });
    if (rule === undefined) {
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    expect(expectError(response, 400).fields).toEqual({ newpassword: rule });
    // Refused before the token is used: it still works, and the old password still signs in.
    expect((await api().post('auth/changepassword', { token })).statusCode).toBe(200);
    await signIn(api(), email, old);
  });
});

it('uniqueEmail addresses have a long local part (the helpers rely on the rule above)', () => {
  expect(uniqueEmail().split('@')[0]!.length).toBeGreaterThanOrEqual(4);
});
