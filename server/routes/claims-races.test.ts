/**
 * Moves of one claim at the same moment (two handlers, or one handler's retry) serialize on the
 * claim's row lock: of two different moves one is made and the other finds the claim moved (409
 * naming its status); two with one Idempotency-Key make one move and both answer it; a message
 * racing the close either lands before it or is refused. Only PostgreSQL runs requests side by
 * side; PGlite would run them one after the other.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/calendar';
import { claimEventSchema, claimSchema, type Claim } from '@shared/contract/claims';
import type { Transaction } from '@server/db/connection';
import { claimEvents, claimMessages, claims } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import {
  bindForTest,
  lockWaiters,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { caller, signIn } from '@server/test/auth-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
type Answer = Awaited<ReturnType<Insured['call']>>;

const tokens = { underwriter: '', admin: '' };

async function reportedClaim(): Promise<{ insured: Insured; claim: Claim }> {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const response = await insured.call('POST', 'insured/reportclaim', {
    policyid: policyId,
    dateofloss: businessToday(t.app.clock.now()),
    description: 'A patient says a crown failed after two weeks.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { insured, claim: v.parse(claimSchema, response.json()) };
}

const move = (claimId: number, to: string, role: keyof typeof tokens, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/weborder/claims/move',
    headers: { authorization: `Bearer ${tokens[role]}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { claimid: claimId, to },
  });

const lockClaimRow = (claimId: number) => (tx: Transaction) =>
  tx.select({ id: claims.id }).from(claims).where(eq(claims.id, claimId)).for('update');

/** Sends `requests` while the test holds the claim's row, then releases them together. */
async function together(claimId: number, requests: () => Promise<Answer>[]): Promise<Answer[]> {
  let pending: Promise<Answer[]> | undefined;
  await whileLocked(t.app, lockClaimRow(claimId), async () => {
    pending = Promise.all(requests());
    await lockWaiters(t.app, requests.length);
  });
  return pending!;
}

const eventsOf = async (claimId: number) =>
  (await t.app.db.select({ n: count() }).from(claimEvents).where(eq(claimEvents.claimId, claimId)))[0]!.n;

describe.skipIf(!process.env.TEST_DATABASE_URL)('moves of one claim at once', () => {
  beforeAll(async () => {
    for (const role of ['underwriter', 'admin'] as const) {
      const user = demoUsers.find((u) => u.role === role)!;
      tokens[role] = (await signIn(caller(app), user.email, user.password)).token;
    }
  });

  it('two handlers acknowledging one claim: one moves it, the other is a 409 naming the status', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { claim } = await reportedClaim();
      const answers = await together(claim.id, () => [
        move(claim.id, 'acknowledged', 'underwriter'),
        move(claim.id, 'acknowledged', 'admin'),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ fields: { status: 'is acknowledged' } });
      expect(await eventsOf(claim.id)).toBe(2);
    }
  });

  it('closing and acknowledging at once: whichever comes second is checked against the first’s status', async () => {
    const { claim } = await reportedClaim();
    const answers = await together(claim.id, () => [
      move(claim.id, 'closed', 'underwriter'),
      move(claim.id, 'acknowledged', 'admin'),
    ]);
    const [row] = await t.app.db.select().from(claims).where(eq(claims.id, claim.id));
    // Either order ends closed: closing is legal after acknowledging, acknowledging not after closing.
    expect(row!.status).toBe('closed');
    const [closing, acknowledging] = answers.map((a) => a.statusCode);
    expect(closing).toBe(201);
    expect([201, 409]).toContain(acknowledging);
    expect(await eventsOf(claim.id)).toBe(acknowledging === 201 ? 3 : 2);
  });

  it('two moves with one Idempotency-Key: one move, both answer it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { claim } = await reportedClaim();
      const key = `race-move-${claim.id}`;
      const answers = await together(claim.id, () => [
        move(claim.id, 'acknowledged', 'underwriter', key),
        move(claim.id, 'acknowledged', 'underwriter', key),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 201]);
      const [first, second] = answers.map((a) => v.parse(claimEventSchema, a.json()));
      expect(second).toEqual(first);
      expect(await eventsOf(claim.id)).toBe(2);
    }
  });

  it('a message racing the close lands before it or is refused (409), never after it', async () => {
    const { insured, claim } = await reportedClaim();
    const answers = await together(claim.id, () => [
      move(claim.id, 'closed', 'underwriter'),
      insured.call('POST', 'insured/claimmessage', { claimid: claim.id, body: 'Sent as it closes.' }),
    ]);
    const [closed, message] = answers;
    expect(closed!.statusCode, closed!.body).toBe(201);
    expect([201, 409], message!.body).toContain(message!.statusCode);
    const messages = await t.app.db.select().from(claimMessages).where(eq(claimMessages.claimId, claim.id));
    const closedAt = new Date(v.parse(claimEventSchema, closed!.json()).at);
    for (const row of messages) expect(row.createdAt.getTime()).toBeLessThanOrEqual(closedAt.getTime());
    expect(messages).toHaveLength(message!.statusCode === 201 ? 1 : 0);
  });
});
