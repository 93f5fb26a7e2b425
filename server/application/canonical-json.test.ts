import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, recordHash } from '@server/application/canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth, spaces nothing, and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[3,{"y":"x","z":null}]},"b":1}',
    );
  });

  it('gives the same text whatever order the keys were built in, and drops undefined like JSON does', () => {
    expect(canonicalJson({ a: 1, b: 'two', c: undefined })).toBe(canonicalJson({ b: 'two', a: 1 }));
  });

  it('escapes text as JSON does (quotes, non-ASCII kept as UTF-8)', () => {
    expect(canonicalJson({ name: 'O’Brien "Jr."' })).toBe('{"name":"O’Brien \\"Jr.\\""}');
  });

  it('refuses what JSON cannot say exactly', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

describe('recordHash', () => {
  it('is the SHA-256 hex of the canonical JSON as UTF-8', () => {
    const record = { z: 'é', a: [1, 2] };
    expect(recordHash(record)).toBe(createHash('sha256').update('{"a":[1,2],"z":"é"}', 'utf8').digest('hex'));
    expect(recordHash({ a: [1, 2], z: 'é' })).toBe(recordHash(record));
    expect(recordHash({ a: [2, 1], z: 'é' })).not.toBe(recordHash(record));
  });
});
