import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { healthSchema } from '@/api/contract/health';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();

describe('GET /api/weborder/health', () => {
  it('answers ok and names the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/health' });
    expect(response.statusCode).toBe(200);
    const body = v.parse(healthSchema, response.json());
    expect(body).toEqual({ status: 'ok', database: t.testApp.database.kind });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
