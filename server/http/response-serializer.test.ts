import { createRequire } from 'node:module';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkSerialization, responseJsonSchema } from '@server/http/response-serializer';

// The compiler Fastify uses for response schemas (a dependency of fastify itself).
const build = createRequire(import.meta.url)('fast-json-stringify') as (schema: object) => (value: unknown) => string;

const compile = (schema: v.GenericSchema) => {
  const json = responseJsonSchema(schema);
  expect(json).toBeDefined();
  return build(json!);
};

describe('responseJsonSchema', () => {
  it('writes unions, records, nullables and optionals as JSON.stringify does (byte for byte except where an optional key goes)', () => {
    const schema = v.object({
      id: v.number(),
      name: v.pipe(v.string(), v.minLength(1)),
      note: v.nullable(v.string()),
      tag: v.optional(v.string()),
      kind: v.picklist(['a', 'b']),
      value: v.union([v.string(), v.number(), v.null()]),
      counts: v.record(v.string(), v.number()),
      items: v.array(v.object({ at: v.string(), ok: v.boolean() })),
    });
    const serialize = compile(schema);
    const values = [
      {
        id: 1,
        name: 'x',
        note: null,
        kind: 'a',
        value: 'text',
        counts: { a: 1, b: 2 },
        items: [{ at: '2025-01-01', ok: true }],
      },
      { id: 2.5, name: 'é "quoted" \\ ✓', note: 'n', kind: 'b', value: 3, counts: {}, items: [] },
      { id: 3, name: 'y', note: null, tag: undefined, kind: 'a', value: null, counts: { z: -0.5 }, items: [] },
    ];
    for (const value of values) expect(serialize(value)).toBe(JSON.stringify(value));
    // An optional key that is present is written after the required ones: the same value, other bytes.
    const tagged = { id: 4, tag: 't', name: 'z', note: null, kind: 'a', value: 1, counts: {}, items: [] };
    expect(serialize(tagged)).toBe(
      '{"id":4,"name":"z","note":null,"kind":"a","value":1,"counts":{},"items":[],"tag":"t"}',
    );
    expect(JSON.parse(serialize(tagged))).toEqual(tagged);
    // Line separators and other odd characters come out as JSON.stringify writes them.
    const separator = { ...values[0], name: 'a\u2028b\u0000c' };
    expect(serialize(separator)).toBe(JSON.stringify(separator));
  });

  it('leaves a route on JSON.stringify when its schema cannot be written faithfully', () => {
    expect(responseJsonSchema(v.custom<string>((input) => typeof input === 'string'))).toBeUndefined();
    expect(responseJsonSchema(v.object({ at: v.date() }))).toBeUndefined();
    expect(responseJsonSchema(v.object({ file: v.instance(Uint8Array) }))).toBeUndefined();
  });

  it('says when a compiled answer would differ from JSON.stringify (a key the schema does not name)', () => {
    const serialize = compile(v.object({ id: v.number() }));
    expect(() => checkSerialization(serialize, { id: 1 }, 'GET /x')).not.toThrow();
    expect(() => checkSerialization(serialize, { id: 1, secret: 'kept?' }, 'GET /x')).toThrow(
      /GET \/x changed the answer/,
    );
  });
});
