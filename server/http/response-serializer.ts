/**
 * Response JSON Schemas for Fastify's compiled serialiser (fast-json-stringify), converted from
 * the routes' valibot response schemas (issue 17: lean per request).
 *
 * fast-json-stringify writes only what the schema names and coerces to the schema's types, so a
 * schema that says less than the handler returns would change answers. A schema is only handed
 * over when every part of it converts to JSON Schema; anything the converter cannot express
 * (custom schemas, lazy ones, instances, Dates…) keeps that route on JSON.stringify. Validation
 * actions (lengths, patterns, checks) say nothing about how a value is written and are left out.
 * With responses checked (tests), every compiled answer is also compared with what
 * JSON.stringify would have written: a test that reaches a difference fails and names the route.
 */
import { isDeepStrictEqual } from 'node:util';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type Json = Record<string, unknown>;

/** The JSON Schema fast-json-stringify may compile for `schema`, or undefined to keep JSON.stringify. */
export function responseJsonSchema(schema: v.GenericSchema): Json | undefined {
  try {
    const { $schema: _ignored, ...json } = toJsonSchema(schema, {
      target: 'draft-07',
      // Handlers return the input side (v.InferInput of the response schema).
      typeMode: 'input',
      // Unconvertible schemas throw, and the route stays on JSON.stringify.
      errorMode: 'throw',
      // Every action is dropped as it is: none of them changes the shape of what is written.
      overrideAction: ({ jsonSchema }) => jsonSchema,
    }) as Json;
    return json;
  } catch {
    return undefined;
  }
}

/** Throws when the compiled serialiser writes another value than JSON.stringify would (tests only). */
export function checkSerialization(serialize: (payload: unknown) => string, payload: unknown, route: string): void {
  const compiled = serialize(payload);
  const plain = JSON.stringify(payload);
  // Equal as values: fast-json-stringify writes keys in the schema's order, JSON.stringify in the object's.
  if (compiled !== plain && !isDeepStrictEqual(JSON.parse(compiled), JSON.parse(plain))) {
    throw new Error(
      `The compiled serialiser of ${route} changed the answer: ${compiled.slice(0, 400)} instead of ${plain.slice(0, 400)}`,
    );
  }
}
