import { describe, expect, it } from 'vitest';
import type { PolicyInfo } from '@shared/contract/billing';
import type { Endorsement, PolicyHistory } from '@shared/contract/endorsements';
import { changeLines, deductibleWords, limitWords, moneyWords } from '@/components/policy-history/endorsement-words';
import { policyActions, policyNow, policyStanding, renewalAction } from '@/components/policy-history/policy-standing';
import type { Renewal } from '@shared/contract/renewal';

const period = { effectiveDate: '2026-07-01', expirationDate: '2027-07-01', cancellationDate: null };
const inForce = { ...period, status: 'in_force' as const };

const row = (overrides: Partial<Endorsement>): Endorsement => ({
  id: 1,
  policyId: 7,
  number: 'P-2026-000007-E01',
  kind: 'change',
  status: 'issued',
  effectiveDate: '2026-09-01',
  changes: [],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 290_000,
  premiumChangeCents: 0,
  taxChangeCents: 0,
  feeChangeCents: 0,
  totalChangeCents: 0,
  returnPremiumStatus: null,
  invoiceId: null,
  invoiceNumber: null,
  createdAt: '2026-08-30T15:00:00.000Z',
  issuedAt: '2026-08-30T15:02:00.000Z',
  hasDocument: true,
  ...overrides,
});

const historyOf = (...endorsements: Endorsement[]): PolicyHistory => ({
  policyId: 7,
  policyNumber: 'P-2026-000007',
  issuedAt: '2026-06-25T10:10:00.000Z',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  endorsements,
});

describe('policyStanding', () => {
  it('reads the status and the dates together', () => {
    expect(policyStanding(inForce, '2026-11-26')).toMatchObject({ words: 'In force', tone: 'covered' });
    expect(policyStanding(inForce, '2026-06-30')).toMatchObject({
      words: 'Not yet in force',
      detail: 'Your cover starts on Jul 1, 2026.',
    });
    // The expiration date itself is no longer covered, whatever the stored status.
    expect(policyStanding(inForce, '2027-07-01')).toMatchObject({ words: 'Expired', covering: false });
    expect(policyStanding({ ...period, status: 'cancellation_notice' }, '2026-11-26')).toMatchObject({
      words: 'Cancellation notice',
      tone: 'notice',
    });
    expect(policyStanding({ ...period, status: 'renewed' }, '2026-11-26').words).toBe('Renewed');
    // A term is marked renewed on its end date: past its period it still says renewed, not expired.
    expect(policyStanding({ ...period, status: 'renewed' }, '2027-07-01')).toMatchObject({
      words: 'Renewed',
      covering: false,
    });
  });

  it('a cancellation stops the cover at 12:01 a.m. on its date, said the same before, on and after it', () => {
    const cancelled = { ...period, status: 'cancelled' as const, cancellationDate: '2026-12-01' };
    expect(policyStanding(cancelled, '2026-11-26')).toEqual({
      words: 'Cancelled from Dec 1, 2026',
      detail: 'Your cover stops at 12:01 a.m. on Dec 1, 2026, the first day without cover.',
      tone: 'notice',
      covering: true,
    });
    // On the day itself the cover has already stopped, at its start: it does not "continue until then".
    expect(policyStanding(cancelled, '2026-12-01')).toEqual({
      words: 'Cancelled from Dec 1, 2026',
      detail:
        'Your cover stopped at the start of today (12:01 a.m., Dec 1, 2026): today is the first day without cover.',
      tone: 'ended',
      covering: false,
    });
    expect(policyStanding(cancelled, '2026-12-02')).toMatchObject({
      detail: 'Your cover stopped at 12:01 a.m. on Dec 1, 2026, the first day without cover.',
      covering: false,
    });
  });
});

describe('policyActions', () => {
  it('offers a change and a cancellation in force, a tail once cancelled, never twice', () => {
    expect(policyActions(inForce, historyOf(), '2026-11-26')).toEqual({
      certificate: true,
      change: true,
      cancel: true,
      tail: false,
    });
    expect(policyActions({ ...period, status: 'cancellation_notice' }, historyOf(), '2026-11-26')).toEqual({
      certificate: true,
      change: false,
      cancel: true,
      tail: false,
    });
    const cancelled = { ...period, status: 'cancelled' as const, cancellationDate: '2026-11-01' };
    expect(policyActions(cancelled, historyOf(), '2026-11-26')).toEqual({
      certificate: false,
      change: false,
      cancel: false,
      tail: true,
    });
    expect(
      policyActions(cancelled, historyOf(row({ kind: 'tail', status: 'awaiting_payment' })), '2026-11-26').tail,
    ).toBe(false);
    expect(policyActions(cancelled, historyOf(row({ kind: 'tail', status: 'declined' })), '2026-11-26').tail).toBe(
      true,
    );
    // Cancelled from a day still ahead: covered (and certified) until then, a tail already on sale.
    expect(policyActions({ ...cancelled, cancellationDate: '2026-12-01' }, historyOf(), '2026-11-26')).toEqual({
      certificate: true,
      change: false,
      cancel: false,
      tail: true,
    });
    expect(policyActions({ ...period, status: 'expired' }, historyOf(), '2027-08-01')).toMatchObject({
      change: false,
      tail: true,
    });
  });
});

describe('policyNow', () => {
  it('takes the named insured and the annual premium of the issued changes, oldest to newest', () => {
    const policy = { namedInsured: 'Lovelace Studio', premiumCents: 250_000 } as PolicyInfo;
    const history = historyOf(
      row({ id: 3, status: 'awaiting_payment', annualPremiumAfterCents: 400_000 }),
      row({ id: 2, changes: [{ field: 'insuredName', before: 'Lovelace LLC', after: 'Lovelace Design LLC' }] }),
      row({ id: 1, changes: [{ field: 'insuredName', before: 'Lovelace Studio', after: 'Lovelace LLC' }] }),
      row({ id: 0, kind: 'cancellation', annualPremiumAfterCents: 0 }),
    );
    expect(policyNow(policy, history)).toEqual({
      namedInsured: 'Lovelace Design LLC',
      annualPremiumCents: 290_000,
      premiumChanged: true,
    });
    expect(policyNow(policy, historyOf())).toEqual({
      namedInsured: 'Lovelace Studio',
      annualPremiumCents: 250_000,
      premiumChanged: false,
    });
  });
});

describe('endorsement words', () => {
  it('writes limit and deductible codes as the amounts they stand for', () => {
    expect(limitWords('1M/3M')).toBe('$1,000,000/$3,000,000');
    expect(limitWords('250K/500K')).toBe('$250,000/$500,000');
    expect(limitWords('1.5M/3M')).toBe('$1,500,000/$3,000,000');
    expect(limitWords('custom')).toBe('custom');
    expect(deductibleWords('2500')).toBe('$2,500');
    expect(deductibleWords('0')).toBe('no deductible');
  });

  it('says each change before → after, and what a cancellation and a tail record', () => {
    expect(
      changeLines(
        row({
          changes: [
            { field: 'limitCode', before: '1M/3M', after: '2M/4M' },
            { field: 'deductibleCode', before: '2500', after: '5000' },
            { field: 'address', before: '1 Main St\nHouston, TX 77002', after: '2 Main St\nHouston, TX 77002' },
          ],
        }),
      ),
    ).toEqual([
      'Limit $1,000,000/$3,000,000 → $2,000,000/$4,000,000',
      'Deductible $2,500 → $5,000',
      'Practice address 1 Main St, Houston, TX 77002 → 2 Main St, Houston, TX 77002',
    ]);
    expect(
      changeLines(
        row({
          kind: 'cancellation',
          changes: [
            { field: 'status', before: 'in_force', after: 'cancelled' },
            { field: 'cancellationDate', before: null, after: '2026-12-01' },
            { field: 'returnMethod', before: null, after: 'short_rate' },
          ],
        }),
      ),
    ).toEqual(['Cover stops at 12:01 a.m. on Dec 1, 2026', 'Premium returned short rate (90% of pro rata)']);
    expect(
      changeLines(
        row({
          kind: 'tail',
          changes: [
            { field: 'tailYears', before: null, after: 2 },
            { field: 'reportingUntil', before: null, after: '2028-12-01' },
          ],
        }),
      ),
    ).toEqual(['Extended reporting period of 2 years', 'Claims can be reported until Dec 1, 2028']);
  });

  it('says why a declined change was not made: the underwriter’s reason, or the cancellation that withdrew it', () => {
    const declined = row({
      status: 'declined',
      changes: [
        { field: 'limitCode', before: '1M/1M', after: '2M/4M' },
        { field: 'withdrawnByCancellation', before: null, after: '2026-12-01' },
        {
          field: 'declineReason',
          before: null,
          after: 'The policy was cancelled from Dec 1, 2026, so this change was not made.',
        },
      ],
    });
    expect(changeLines(declined)).toEqual([
      'Limit $1,000,000/$1,000,000 → $2,000,000/$4,000,000',
      'Declined: The policy was cancelled from Dec 1, 2026, so this change was not made.',
    ]);
  });

  it('says what the money is and where it stands', () => {
    expect(moneyWords(row({ status: 'awaiting_payment', totalChangeCents: 35_106, invoiceNumber: 'INV-1' }))).toEqual({
      text: 'Additional premium $351.06 awaiting payment (invoice INV-1)',
      tone: 'due',
      payable: true,
    });
    expect(moneyWords(row({ totalChangeCents: 35_106 })).text).toBe('Additional premium $351.06 paid');
    expect(moneyWords(row({ totalChangeCents: -12_000, returnPremiumStatus: 'owed' }))).toMatchObject({
      text: 'Return premium $120.00 owed to you: we credit or refund it',
      payable: false,
    });
    expect(moneyWords(row({ totalChangeCents: 0 })).text).toBe('No change to your premium');
    expect(moneyWords(row({ status: 'declined', totalChangeCents: 35_106 })).payable).toBe(false);
  });
});

describe('renewalAction', () => {
  const renewal = (status: Renewal['status']): Renewal => ({
    policyId: 7,
    policyNumber: 'P-2026-000007',
    status,
    currentPeriod: { effectiveDate: '2026-07-01', expirationDate: '2027-07-01' },
    offerDate: '2027-05-02',
    offer: null,
  });

  it('links the renewal only once it is offered, says from when before, and nothing when none will be', () => {
    expect(renewalAction(renewal('not_yet'))).toEqual({ kind: 'later', words: 'Renewal offered from May 2, 2027' });
    expect(renewalAction(renewal('offered'))).toEqual({ kind: 'link', words: 'Renew your policy' });
    expect(renewalAction(renewal('needs_answers'))).toEqual({ kind: 'link', words: 'Renew your policy' });
    expect(renewalAction(renewal('awaiting_payment'))).toEqual({ kind: 'link', words: 'Your renewal' });
    expect(renewalAction(renewal('lapsed'))).toBeNull();
    expect(renewalAction(renewal('not_offered'))).toBeNull();
    expect(renewalAction(null)).toBeNull();
  });
});
