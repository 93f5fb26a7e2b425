import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { healthSchema } from '@shared/contract/health';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

describe('GET /api/weborder/health', () => {
  it('answers ok and names the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/health' });
    expect(response.statusCode).toBe(200);
    const body = v.parse(healthSchema, response.json());
    expect(body).toMatchObject({ status: 'ok', database: t.testApp.database.kind, publicUrl: t.app.config.publicUrl });
    expect(typeof body.originMatches).toBe('boolean');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 "database unavailable" when the database does not answer', async () => {
    const execute = vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/weborder/health' });
      const body = expectError(response, 503);
      expect(body.message).toBe('database unavailable');
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      execute.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/weborder/health' })).statusCode).toBe(200);
  });
});
