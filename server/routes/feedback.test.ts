import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { feedbackSavedSchema, type FeedbackSaved } from '@shared/contract/feedback';
import { feedback } from '@server/db/schema';
import { expectError } from '@server/test/expect-error';
import { newInsured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;
const URL = 'insured/feedback';

const rowsOf = (userId: number) =>
  t.app.db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(feedback.id);
const countOf = async (userId: number) =>
  (await t.app.db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId)))[0]!.n;

describe('POST insured/feedback', () => {
  it('saves the feedback with the caller and their e-mail address (201)', async () => {
    const insured = await newInsured(app);
    const response = await insured.call('POST', URL, { rating: 5, message: '  Quick and clear.  ', page: 'dashboard' });
    expect(response.statusCode, response.body).toBe(201);
    const saved = v.parse(feedbackSavedSchema, response.json());
    expect(saved).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(await rowsOf(insured.userId)).toEqual([
      {
        id: saved.id,
        userId: insured.userId,
        email: insured.email,
        rating: 5,
        message: 'Quick and clear.',
        page: 'dashboard',
        idempotencyKeyHash: null,
        idempotencyRequestHash: null,
        createdAt: new Date(saved.createdAt),
      },
    ]);

    const withoutPage = await insured.call('POST', URL, { rating: 1, message: 'Too many questions.' });
    expect(withoutPage.statusCode, withoutPage.body).toBe(201);
    expect((await rowsOf(insured.userId))[1]).toMatchObject({ rating: 1, page: null });
  });

  it('refuses bad input with a 400 naming the field, and saves nothing', async () => {
    const insured = await newInsured(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0, message: 'Hi there' }, 'rating'],
      [{ rating: 6, message: 'Hi there' }, 'rating'],
      [{ rating: 2.5, message: 'Hi there' }, 'rating'],
      [{ rating: '5', message: 'Hi there' }, 'rating'],
      [{ message: 'Hi there' }, 'rating'],
      [{ rating: 3 }, 'message'],
      [{ rating: 3, message: '   ' }, 'message'],
      [{ rating: 3, message: 'x'.repeat(4001) }, 'message'],
      [{ rating: 3, message: 'Hi there', page: 'p'.repeat(201) }, 'page'],
      [{ rating: 3, message: 'Hi there', userId: 1 }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await insured.call('POST', URL, body), 400);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect(await countOf(insured.userId)).toBe(0);
  });

  it('makes a send with an Idempotency-Key safe to repeat, one after another and 5 at once', async () => {
    const insured = await newInsured(app);
    const body = { rating: 4, message: 'Good, but the ZIP step confused me.' };
    const headers = { 'idempotency-key': 'feedback-key-0001' };
    const first = await insured.call('POST', URL, body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await insured.call('POST', URL, body, { headers });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(await countOf(insured.userId)).toBe(1);
    expect((await rowsOf(insured.userId))[0]!.idempotencyKeyHash).toMatch(/^[0-9a-f]{64}$/);

    const concurrent = { 'idempotency-key': 'feedback-key-0002' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => insured.call('POST', URL, body, { headers: concurrent })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => (r.json() as FeedbackSaved).id)).size).toBe(1);
    expect(await countOf(insured.userId)).toBe(2);

    // A key is the insured's own: another insured using the same one saves their own feedback.
    const other = await newInsured(app);
    const theirs = await other.call('POST', URL, body, { headers });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((theirs.json() as FeedbackSaved).id).not.toBe((first.json() as FeedbackSaved).id);
    expect(await rowsOf(other.userId)).toEqual([expect.objectContaining({ userId: other.userId, email: other.email })]);

    expect(
      expectError(await insured.call('POST', URL, body, { headers: { 'idempotency-key': 'bad key with spaces' } }), 400)
        .fields,
    ).toHaveProperty('Idempotency-Key');
  });

  it('the same Idempotency-Key with a different message is a 422 naming it, one after another and at once', async () => {
    const insured = await newInsured(app);
    const body = { rating: 4, message: 'Good, but the ZIP step confused me.' };
    const headers = { 'idempotency-key': 'feedback-reused-0001' };
    const first = await insured.call('POST', URL, body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    for (const other of [
      { ...body, rating: 5 },
      { ...body, page: 'dashboard' },
    ]) {
      const error = expectError(await insured.call('POST', URL, other, { headers }), 422);
      expect(error.fields).toEqual({ 'Idempotency-Key': 'was used for a different request' });
    }
    const retry = await insured.call('POST', URL, body, { headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(insured.userId)).toEqual([
      expect.objectContaining({ idempotencyRequestHash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);

    // On PostgreSQL the losers meet the unique index and are compared there; PGlite runs them in turn.
    const concurrent = { 'idempotency-key': 'feedback-reused-0002' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        insured.call('POST', URL, { rating: i + 1, message: 'At once' }, { headers: concurrent }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await countOf(insured.userId)).toBe(2);
  });

  it('answers 401 without a bearer token and saves nothing', async () => {
    const before = (await t.app.db.select({ n: count() }).from(feedback))[0]!.n;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/weborder/${URL}`,
      payload: { rating: 5, message: 'Anonymous' },
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.db.select({ n: count() }).from(feedback))[0]!.n).toBe(before);
  });
});
