import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import {
  certificateListSchema,
  certificateSchema,
  certificateVerificationSchema,
  VERIFICATION_CODE_ALPHABET,
  type Certificate,
  type IssueCertificateRequest,
} from '@shared/contract/certificates';
import { certificates, policies, submissions } from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { freshIp } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const run = promisify(execFile);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'certificates-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const ISSUE = 'insured/issuecertificate';
const DOWNLOAD = 'documents/downloadcertificate';
const listUrl = (policyId: number) => `insured/certificates?policyid=${policyId}`;
const holder = {
  holderName: 'Acme Landlord LLC',
  address1: '500 Main St',
  address2: 'Suite 200',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
} satisfies Omit<IssueCertificateRequest, 'policyid'>;
const today = () => businessToday(t.app.clock.now());

/** A bound policy of a new insured's, in force since ten days ago for a year. */
async function boundPolicy(insured?: Insured) {
  const owner = insured ?? (await newInsured(app));
  const order = await quotedOrder(app, owner);
  const policyId = await bindForTest(t.app, order.submissionId);
  const effectiveDate = addDays(today(), -10);
  await setPolicy(policyId, { effectiveDate, expirationDate: addMonths(effectiveDate, 12) });
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  return { insured: owner, order, policyId, policy: policy! };
}

/** Sets a policy's status and dates directly, as a cancellation or an expiry would. */
const setPolicy = (policyId: number, changes: Partial<typeof policies.$inferInsert>) =>
  t.app.db.update(policies).set(changes).where(eq(policies.id, policyId));

async function issue(insured: Insured, body: Record<string, unknown>, headers?: Record<string, string>) {
  const response = await insured.call('POST', ISSUE, body, headers ? { headers } : {});
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(certificateSchema, response.json());
}

const certificateCount = async (policyId: number) =>
  (await t.app.db.select({ n: count() }).from(certificates).where(eq(certificates.policyId, policyId)))[0]!.n;

/** The public page's call, signed out, from an address of its own unless one is given. */
const lookUp = (code: string, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `/api/weborder/auth/verifycertificate/${code}`, remoteAddress: ip });

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `c-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

const codeShape = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{12}$`);

describe('POST insured/issuecertificate, GET insured/certificates, POST documents/downloadcertificate', () => {
  it('issues a certificate naming the holder (201), lists it, and downloads it as issued, any time', async () => {
    const { insured, policyId, policy } = await boundPolicy();
    const before = t.app.clock.now();
    const certificate = await issue(insured, { policyid: policyId, ...holder });
    expect(certificate).toEqual({
      id: expect.any(Number),
      policyId,
      policyNumber: policy.number,
      code: expect.stringMatching(codeShape),
      verificationUrl: `${t.app.config.publicUrl}/verify-certificate/${certificate.code}`,
      issuedAt: expect.any(String),
      holder: {
        name: 'Acme Landlord LLC',
        address1: '500 Main St',
        address2: 'Suite 200',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
      },
      additionalInsured: false,
      additionalInsuredWording: null,
      description: null,
    });
    expect(new Date(certificate.issuedAt).getTime()).toBeGreaterThanOrEqual(before.getTime());

    const listed = await insured.call('GET', listUrl(policyId));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(v.parse(certificateListSchema, listed.json())).toEqual({
      policyId,
      policyNumber: policy.number,
      standing: 'in_force',
      canIssue: true,
      certificates: [certificate],
    });

    const download = await insured.call('POST', DOWNLOAD, { certificateid: certificate.id });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('no-store');
    const fileName = `certificate-${policy.number.toLowerCase()}-acme-landlord-llc-${certificate.code.toLowerCase()}.pdf`;
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(fileName).toMatch(/^[a-z0-9.-]+$/);
    const text = await pdfText(download.rawPayload);
    const words = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Certificate of insurance',
      'CERTIFICATE HOLDER',
      'Acme Landlord LLC',
      '500 Main St',
      'Suite 200',
      'Houston, TX 77002',
      policy.number,
      '$1,000,000.00',
      '$3,000,000.00',
      `Verification code: ${certificate.code.match(/.{4}/g)!.join('-')}`,
      certificate.verificationUrl,
      'who is not an additional insured',
    ]) {
      expect(words).toContain(expected);
    }
    expect(words).not.toContain('is an additional insured under policy');

    // Again later, as a form: the same bytes, even once the policy is cancelled.
    await setPolicy(policyId, { status: 'cancelled', cancellationDate: today() });
    const again = await insured.call('POST', DOWNLOAD, { certificateid: certificate.id }, { form: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.equals(download.rawPayload)).toBe(true);
  });

  it('makes the holder an additional insured with the standard wording when asked (a form body too)', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const response = await insured.call(
      'POST',
      ISSUE,
      { policyid: String(policyId), ...holder, address2: '', additionalInsured: 'true' },
      { form: true },
    );
    expect(response.statusCode, response.body).toBe(201);
    const certificate = v.parse(certificateSchema, response.json());
    expect(certificate.additionalInsured).toBe(true);
    expect(certificate.holder.address2).toBeNull();
    expect(certificate.additionalInsuredWording).toBe(
      `Acme Landlord LLC is an additional insured under policy ${policy.number}, with respect ` +
        'to liability arising out of the named insured’s professional services, subject to the policy’s terms, ' +
        'conditions and exclusions.',
    );
    const download = await insured.call('POST', DOWNLOAD, { certificateid: certificate.id });
    const words = (await pdfText(download.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('CERTIFICATE HOLDER AND ADDITIONAL INSURED');
    expect(words).toContain(`Acme Landlord LLC is an additional insured under policy ${policy.number}`);
    // The order number is the portal's own reference: not on the certificate.
    expect(words).not.toContain(order.number);
  });

  it('marks the cover claims-made with its retroactive date, names the portal as a direct sale’s producer, and prints the description typed', async () => {
    const { insured, order, policyId, policy } = await boundPolicy();
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
    // Continuous prior cover since 2018: the retroactive date reaches back to it.
    await t.app.db
      .update(submissions)
      .set({ applicationAnswers: { ...row!.applicationAnswers, prior_coverage: 'yes', prior_acts_date: '2018-04-01' } })
      .where(eq(submissions.id, order.submissionId));
    const description = '  Tenant fit-out of the 12th floor, 1200 Smith Street (contract HT-2026-114).  ';
    const certificate = await issue(insured, { policyid: policyId, ...holder, additionalInsured: true, description });
    expect(certificate.description).toBe(description.trim());
    const listed = v.parse(certificateListSchema, (await insured.call('GET', listUrl(policyId))).json());
    expect(listed.certificates[0]!.description).toBe(description.trim());

    const download = await insured.call('POST', DOWNLOAD, { certificateid: certificate.id });
    const words = (await pdfText(download.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('Claims-made');
    expect(words).toContain('Retro date: 04/01/2018');
    expect(words).toContain(policy.number);
    expect(words).toContain(description.trim());
    expect(words).not.toContain(order.number);
    expect(words).not.toMatch(/no broker|Sold directly/i);
    expect(words).toMatch(/PRODUCER .*Practice Shield/);
    expect(words).toContain(`Phone ${t.app.config.trust.supportPhone.display}`);

    // Without prior cover the retroactive date is the policy's inception; an empty description is none.
    const plain = await boundPolicy();
    const bare = await issue(plain.insured, { policyid: plain.policyId, ...holder, description: '   ' });
    expect(bare.description).toBeNull();
    const bareWords = (
      await pdfText((await plain.insured.call('POST', DOWNLOAD, { certificateid: bare.id })).rawPayload)
    ).replace(/\s+/g, ' ');
    const [year, month, day] = plain.policy.effectiveDate.split('-');
    expect(bareWords).toContain(`Retro date: ${month}/${day}/${year}`);
  });

  it('refuses a description longer than the certificate holds, or not text: 400 naming description, nothing issued', async () => {
    const { insured, policyId } = await boundPolicy();
    const long = expectError(
      await insured.call('POST', ISSUE, { policyid: policyId, ...holder, description: 'x'.repeat(501) }),
      400,
    );
    expect(long.fields).toEqual({ description: 'must be at most 500 characters' });
    const notText = expectError(
      await insured.call('POST', ISSUE, { policyid: policyId, ...holder, description: 42 }),
      400,
    );
    expect(Object.keys(notText.fields ?? {})).toEqual(['description']);
    expect(await certificateCount(policyId)).toBe(0);
    // Exactly the limit is fine.
    expect(
      (await issue(insured, { policyid: policyId, ...holder, description: 'y'.repeat(500) })).description,
    ).toHaveLength(500);
  });

  it('lists the newest first, and issues a new certificate with a new code each time without a key', async () => {
    const { insured, policyId } = await boundPolicy();
    const first = await issue(insured, { policyid: policyId, ...holder });
    const second = await issue(insured, { policyid: policyId, ...holder });
    expect(second.code).not.toBe(first.code);
    const listed = v.parse(certificateListSchema, (await insured.call('GET', listUrl(policyId))).json());
    expect(listed.certificates.map((certificate) => certificate.id)).toEqual([second.id, first.id]);
    expect(await certificateCount(policyId)).toBe(2);
  });

  it('does the work once for a retried request with the same Idempotency-Key (200, the same code, one row)', async () => {
    const { insured, policyId } = await boundPolicy();
    const headers = { 'idempotency-key': `certificate-${policyId}-retry` };
    const first = await issue(insured, { policyid: policyId, ...holder }, headers);
    const retry = await insured.call('POST', ISSUE, { policyid: policyId, ...holder }, { headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(v.parse(certificateSchema, retry.json())).toEqual(first);
    expect(await certificateCount(policyId)).toBe(1);
    // The same key for another request is the client's mistake: 422, nothing issued.
    const other = expectError(
      await insured.call('POST', ISSUE, { policyid: policyId, ...holder, holderName: 'Someone Else' }, { headers }),
      422,
    );
    expect(other.fields).toHaveProperty('Idempotency-Key');
    expect(await certificateCount(policyId)).toBe(1);
    // A retry still answers the first certificate after the policy was cancelled.
    await setPolicy(policyId, { status: 'cancelled', cancellationDate: today() });
    const late = await insured.call('POST', ISSUE, { policyid: policyId, ...holder }, { headers });
    expect(late.statusCode, late.body).toBe(200);
    expect(v.parse(certificateSchema, late.json()).code).toBe(first.code);
  });

  it('refuses a policy not in force: 409 naming why (cancelled, expired, order not bound); one starting later is fine', async () => {
    const { insured, policyId } = await boundPolicy();
    await setPolicy(policyId, { status: 'cancelled', cancellationDate: addDays(today(), -1) });
    const cancelled = expectError(await insured.call('POST', ISSUE, { policyid: policyId, ...holder }), 409);
    expect(cancelled.fields).toEqual({ status: 'is cancelled' });
    expect(cancelled.message).toMatch(/was cancelled on/);
    const listed = v.parse(certificateListSchema, (await insured.call('GET', listUrl(policyId))).json());
    expect(listed).toMatchObject({ standing: 'cancelled', canIssue: false, certificates: [] });

    const expired = await boundPolicy();
    const start = addMonths(today(), -13);
    await setPolicy(expired.policyId, { effectiveDate: start, expirationDate: addMonths(start, 12) });
    const error = expectError(
      await expired.insured.call('POST', ISSUE, { policyid: expired.policyId, ...holder }),
      409,
    );
    expect(error.fields).toEqual({ status: 'is expired' });
    expect(error.message).toMatch(/expired on/);
    await setPolicy(expired.policyId, { status: 'expired' });
    expect(
      expectError(await expired.insured.call('POST', ISSUE, { policyid: expired.policyId, ...holder }), 409).fields,
    ).toEqual({ status: 'is expired' });

    const unbound = await boundPolicy();
    await t.app.db.update(submissions).set({ status: 'quoted' }).where(eq(submissions.id, unbound.order.submissionId));
    expect(
      expectError(await unbound.insured.call('POST', ISSUE, { policyid: unbound.policyId, ...holder }), 409).fields,
    ).toEqual({ status: 'is quoted' });

    for (const { policyId: id } of [{ policyId }, expired, unbound]) expect(await certificateCount(id)).toBe(0);

    // Starting later, or cancelled from a later day: still certifiable today.
    const later = await boundPolicy();
    const next = addDays(today(), 20);
    await setPolicy(later.policyId, { effectiveDate: next, expirationDate: addMonths(next, 12) });
    await issue(later.insured, { policyid: later.policyId, ...holder });
    const ending = await boundPolicy();
    await setPolicy(ending.policyId, { status: 'cancelled', cancellationDate: addDays(today(), 5) });
    await issue(ending.insured, { policyid: ending.policyId, ...holder });
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const { insured, policyId } = await boundPolicy();
    const cases: [Record<string, unknown>, string][] = [
      [{ policyid: policyId, ...holder, holderName: '  ' }, 'holderName'],
      [{ policyid: policyId, ...holder, holderName: undefined }, 'holderName'],
      [{ policyid: 'abc', ...holder }, 'policyid'],
      [{ policyid: policyId, ...holder, address1: '' }, 'address1'],
      [{ policyid: policyId, ...holder, state: 'Texas' }, 'state'],
      [{ policyid: policyId, ...holder, zipcode: '7700' }, 'zipcode'],
      [{ policyid: policyId, ...holder, zipcode: '10001' }, 'zipcode'],
      [{ policyid: policyId, ...holder, additionalInsured: 'maybe' }, 'additionalInsured'],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await insured.call('POST', ISSUE, body), 400);
      expect(error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(expectError(await insured.call('GET', 'insured/certificates'), 400).fields).toHaveProperty(['policyid']);
    expect(expectError(await insured.call('POST', DOWNLOAD, {}), 400).fields).toHaveProperty(['certificateid']);
    expect(await certificateCount(policyId)).toBe(0);
  });

  it('answers 404 on every call for another insured’s policy or certificate, and changes nothing', async () => {
    const { insured, policyId } = await boundPolicy();
    const certificate = await issue(insured, { policyid: policyId, ...holder });
    const other = await newInsured(app);
    const own = await boundPolicy(other);
    for (const response of [
      await other.call('POST', ISSUE, { policyid: policyId, ...holder }),
      await other.call('POST', ISSUE, { policyid: 2_000_000_000, ...holder }),
      await other.call('GET', listUrl(policyId)),
      await other.call('POST', DOWNLOAD, { certificateid: certificate.id }),
      await insured.call('POST', DOWNLOAD, { certificateid: 2_000_000_000 }),
    ]) {
      const error = expectError(response, 404);
      expect(error.message).not.toMatch(/Acme/);
    }
    // Someone else's policy is a 404 before any word about the input.
    expect(
      expectError(await other.call('POST', ISSUE, { policyid: policyId, ...holder, zipcode: '10001' }), 404).status,
    ).toBe(404);
    expect(await certificateCount(policyId)).toBe(1);
    expect(await certificateCount(own.policyId)).toBe(0);
    // Their own list holds none of the other's.
    const listed = v.parse(certificateListSchema, (await other.call('GET', listUrl(own.policyId))).json());
    expect(listed.certificates).toEqual([]);
  });

  it('needs a signed-in insured for the insured’s calls (401)', async () => {
    for (const [method, url] of [
      ['POST', ISSUE],
      ['GET', listUrl(1)],
      ['POST', DOWNLOAD],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/weborder/${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('GET auth/verifycertificate/{code} (public)', () => {
  let issued: Certificate;
  let policyId: number;
  let policy: typeof policies.$inferSelect;

  beforeAll(async () => {
    const bound = await boundPolicy();
    policyId = bound.policyId;
    policy = bound.policy;
    issued = await issue(bound.insured, { policyid: policyId, ...holder, additionalInsured: true });
  });

  it('shows signed out exactly the standing today, the period, the limits and the holder’s name', async () => {
    const response = await lookUp(issued.code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'asOf',
        'standing',
        'cancellationDate',
        'effectiveDate',
        'expirationDate',
        'perClaimLimitCents',
        'aggregateLimitCents',
        'holderName',
      ].sort(),
    );
    expect(v.parse(certificateVerificationSchema, body)).toEqual({
      asOf: today(),
      standing: 'in_force',
      cancellationDate: null,
      effectiveDate: policy.effectiveDate,
      expirationDate: policy.expirationDate,
      perClaimLimitCents: 100_000_000,
      aggregateLimitCents: 300_000_000,
      holderName: 'Acme Landlord LLC',
    });
    // Nothing of the policy's number, premium, the insured or the holder's address.
    for (const secret of [policy.number, '500 Main St', 'Houston', 'additional', 'premium', 'email']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('takes the code as printed, in any case, with hyphens', async () => {
    const printed = issued.code.match(/.{4}/g)!.join('-').toLowerCase();
    const response = await lookUp(printed);
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(certificateVerificationSchema, response.json()).holderName).toBe('Acme Landlord LLC');
  });

  it('says cancelled on its date, expired, or not yet in force, as the policy stands today', async () => {
    const bound = await boundPolicy();
    const certificate = await issue(bound.insured, { policyid: bound.policyId, ...holder });
    const standing = async () => v.parse(certificateVerificationSchema, (await lookUp(certificate.code)).json());

    const later = addDays(today(), 3);
    await setPolicy(bound.policyId, { status: 'cancelled', cancellationDate: later });
    expect(await standing()).toMatchObject({ standing: 'in_force', cancellationDate: later });
    await setPolicy(bound.policyId, { cancellationDate: today() });
    expect(await standing()).toMatchObject({ standing: 'cancelled', cancellationDate: today() });

    const start = addMonths(today(), -12);
    await setPolicy(bound.policyId, {
      status: 'in_force',
      cancellationDate: null,
      effectiveDate: start,
      expirationDate: addMonths(start, 12),
    });
    expect(await standing()).toMatchObject({ standing: 'expired', cancellationDate: null });

    const next = addDays(today(), 1);
    await setPolicy(bound.policyId, { effectiveDate: next, expirationDate: addMonths(next, 12) });
    expect(await standing()).toMatchObject({ standing: 'not_yet_in_force', effectiveDate: next });
  });

  it('answers 404 for an unknown code and 400 naming code for one that cannot be a code', async () => {
    const unknown = issued.code === 'ZZZZZZZZZZZZ' ? 'YYYYYYYYYYYY' : 'ZZZZZZZZZZZZ';
    const missing = expectError(await lookUp(unknown), 404);
    expect(missing.message).toMatch(/No certificate/);
    for (const bad of ['short', 'ABCDEFGHIJKL', `${issued.code}X`]) {
      expect(expectError(await lookUp(bad), 400).fields).toHaveProperty(['code']);
    }
  });

  it('limits checks per client address (429 with Retry-After), found or not', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const response = await lookUp(i % 2 ? issued.code : 'ZZZZZZZZZZZZ', ip);
      expect([200, 404]).toContain(response.statusCode);
    }
    const limited = await lookUp(issued.code, ip);
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await lookUp(issued.code)).statusCode).toBe(200);
  });
});
