import { describe, expect, it } from 'vitest';
import {
  CARD_PROBLEMS,
  judgeCard,
  luhnValid,
  problemCodes,
  problemFields,
  TEST_CARDS,
} from '@server/payments/sandbox-cards';

const now = new Date('2026-11-21T12:00:00Z');
const card = (number: string, overrides: Partial<{ name: string; expiry: string; cvc: string }> = {}) =>
  judgeCard({ name: 'Dana Whitfield', number, expiry: '12/30', cvc: '123', ...overrides }, now);

describe('sandbox test cards', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhnValid(TEST_CARDS.success)).toBe(true);
    expect(luhnValid(TEST_CARDS.declined)).toBe(true);
    expect(luhnValid(TEST_CARDS.insufficientFunds)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(false); // valid Luhn but too short for a card
    expect(luhnValid('378282246310005')).toBe(true); // an Amex test number
  });

  it('the success card pays; spaces and dashes are fine', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ kind: 'paid', last4: '4242' });
    expect(card('4242-4242-4242-4242')).toEqual({ kind: 'paid', last4: '4242' });
  });

  it('the decline and insufficient-funds cards are declined with the reason; another real number is not a test card', () => {
    expect(card(TEST_CARDS.declined)).toMatchObject({
      kind: 'declined',
      code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(card(TEST_CARDS.insufficientFunds)).toMatchObject({ kind: 'declined', code: 'insufficient_funds' });
    expect(card('378282246310005')).toMatchObject({ kind: 'declined', code: 'not_a_test_card' });
  });

  it('names each bad field: a number failing Luhn, a past or malformed expiry, a short CVC, no name', () => {
    expect(card('4242424242424241')).toEqual({
      kind: 'invalid',
      fields: { number: expect.stringMatching(/not valid/) },
    });
    expect(card(TEST_CARDS.success, { expiry: '10/26' })).toEqual({
      kind: 'invalid',
      fields: { expiry: 'This card has expired' },
    });
    expect(card(TEST_CARDS.success, { expiry: '11/26' })).toEqual({ kind: 'paid', last4: '4242' });
    expect(card(TEST_CARDS.success, { expiry: '13/30' })).toMatchObject({
      fields: { expiry: expect.stringMatching(/month/) },
    });
    expect(card(TEST_CARDS.success, { expiry: '12-30' })).toMatchObject({
      fields: { expiry: expect.stringMatching(/MM\/YY/) },
    });
    expect(card(TEST_CARDS.success, { expiry: '123' })).toMatchObject({
      fields: { expiry: expect.stringMatching(/MM\/YY/) },
    });
    expect(card(TEST_CARDS.success, { cvc: '12', name: ' ' })).toEqual({
      kind: 'invalid',
      fields: { cvc: expect.any(String), name: 'Enter the name on the card' },
    });
    expect(card('abcd')).toMatchObject({ fields: { number: expect.stringMatching(/digits/) } });
  });

  it('takes the expiry as typed on a card, with or without the slash', () => {
    for (const expiry of ['1230', '12/30', '12 / 30', '12/2030', ' 12/30 '])
      expect(card(TEST_CARDS.success, { expiry }), expiry).toEqual({ kind: 'paid', last4: '4242' });
    expect(card(TEST_CARDS.success, { expiry: '1326' })).toMatchObject({
      fields: { expiry: CARD_PROBLEMS['expiry-month'] },
    });
    expect(card(TEST_CARDS.success, { expiry: '1026' })).toMatchObject({
      fields: { expiry: CARD_PROBLEMS['expiry-past'] },
    });
  });

  it('names a refused form’s problems by code and back, ignoring codes it does not know', () => {
    const refused = card('4242424242424241', { expiry: '01/20', cvc: '1' });
    if (refused.kind !== 'invalid') throw new Error('expected a refused form');
    const codes = problemCodes(refused.fields);
    expect(codes).toEqual(['number-invalid', 'expiry-past', 'cvc-format']);
    expect(problemFields(codes)).toEqual(refused.fields);
    expect(problemFields(['nonsense', 'toString', 'name-missing'])).toEqual({ name: CARD_PROBLEMS['name-missing'] });
  });
});
