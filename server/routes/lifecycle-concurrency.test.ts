/**
 * Fifty calls at once on one order (issue 7): half the insured's buy now, half an underwriter's
 * approve. On PostgreSQL (CI's second pass) they truly run side by side; on PGlite one after
 * another. Either way: every answer is a 200 or a 409, the order ends in one consistent status,
 * and the history holds one entry per real move, each starting where the one before ended.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissionEvents, submissions, users } from '@server/db/schema';
import { newInsured } from '@server/test/account-helpers';
import { readyToBuy } from '@server/test/lifecycle-helpers';
import { setupTestApp } from '@server/test/test-app';

// Every premium is above an authority of one cent: buy now refers, so an approve can follow.
const t = setupTestApp({ env: { UNDERWRITING_AUTHORITY_CENTS: '1' } });
const app = () => t.app;

describe('50 simultaneous buy-now and approve calls on one order', () => {
  it('leave one consistent status and one history entry per real move', async () => {
    const insured = await newInsured(app);
    const underwriter = await newInsured(app);
    await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
    const order = await readyToBuy(app, insured);
    const [start] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
    const firstNewEvent = (
      await t.app.db.select({ id: submissionEvents.id }).from(submissionEvents).orderBy(asc(submissionEvents.id))
    ).at(-1)!.id;

    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? insured.call('PUT', 'insured/buynow', { submissionid: order.submissionId }, { form: true })
        : underwriter.call('POST', 'underwriting/approve', { submissionid: order.submissionId }),
    );
    const answers = await Promise.all(calls);

    const codes = answers.map((answer) => answer.statusCode);
    expect(
      codes.filter((code) => code !== 200 && code !== 409),
      answers.map((a) => a.body).join('\n'),
    ).toEqual([]);
    // Buy now always gets through once: the others repeat it (200, the same outcome) or find it moved on (409).
    expect(answers.filter((answer, i) => i % 2 === 0 && answer.statusCode === 200).length).toBeGreaterThan(0);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(Object.keys(refused.json().fields ?? {}).length, refused.body).toBe(1);
    }

    const [end] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
    const moves = (
      await t.app.db
        .select()
        .from(submissionEvents)
        .where(eq(submissionEvents.submissionId, order.submissionId))
        .orderBy(asc(submissionEvents.id))
    ).filter((event) => event.id > firstNewEvent);

    // The real moves, in order: buy now, the rules' referral, and at most one approval.
    const names = moves.map((event) => event.event);
    expect(names.slice(0, 2)).toEqual(['order.buyNow', 'order.refer']);
    expect(names.length === 2 ? names : names.slice(2)).toEqual(
      names.length === 2 ? ['order.buyNow', 'order.refer'] : ['order.approve'],
    );
    // Each move starts where the one before ended, from the status the order had, to the one it has.
    let status = start!.status;
    for (const move of moves) {
      expect(move.fromStatus).toBe(status);
      status = move.toStatus;
    }
    expect(end!.status).toBe(status);
    expect(['underwriter_review', 'approved']).toContain(end!.status);
    // One version per move: nothing was written without its history entry.
    expect(end!.version).toBe(start!.version + moves.length);
    // Every answer that says the order moved agrees with a status the history passed through.
    const passed = new Set(moves.map((move) => move.toStatus));
    for (const answer of answers.filter((a) => a.statusCode === 200)) expect(passed).toContain(answer.json().status);
  });
});
