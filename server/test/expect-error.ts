import * as v from 'valibot';
import { expect } from 'vitest';
import { apiErrorSchema, type ApiErrorBody } from '@shared/contract/error';

/** Asserts an answer is the API's error shape with this status, and returns its body. */
export function expectError(response: { statusCode: number; json(): unknown }, status: number): ApiErrorBody {
  expect(response.statusCode).toBe(status);
  const body = v.parse(apiErrorSchema, response.json());
  expect(body.status).toBe(status);
  return body;
}
