import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { landingSearch, specialitiesSearch } from '@/routes/search-params';
import { parseSearch, stringifySearch } from '@/routes/search-serialization';

describe('parseSearch', () => {
  it('keeps every value as text, never reading it as JSON', () => {
    expect(parseSearch('?s=12345678')).toEqual({ s: '12345678' });
    expect(parseSearch('?s=1E5')).toEqual({ s: '1E5' });
    expect(parseSearch('?s=true&t=null&u=%5B1%5D')).toEqual({ s: 'true', t: 'null', u: '[1]' });
    expect(parseSearch('?s=0012')).toEqual({ s: '0012' });
  });

  it('decodes the query, with or without its question mark', () => {
    expect(parseSearch('s=TSACBHV2%2CQ9LY88FH')).toEqual({ s: 'TSACBHV2,Q9LY88FH' });
    expect(parseSearch('?s=TSACBHV2,Q9LY88FH')).toEqual({ s: 'TSACBHV2,Q9LY88FH' });
    expect(parseSearch('?redirect=%2Fclient%2Fdashboard%2Fharbor-risk')).toEqual({
      redirect: '/client/dashboard/harbor-risk',
    });
    expect(parseSearch('?s=a+b')).toEqual({ s: 'a b' });
    expect(parseSearch('?s=')).toEqual({ s: '' });
    expect(parseSearch('')).toEqual({});
    expect(parseSearch('?')).toEqual({});
  });

  // A crafted link must not reach Object.prototype: `constructor` would otherwise find the
  // inherited function and `__proto__` would replace the object's prototype.
  it('reads keys that are names of Object.prototype members as plain keys', () => {
    expect(parseSearch('?constructor=x&toString=1')).toEqual({ constructor: 'x', toString: '1' });
    expect(stringifySearch(parseSearch('?constructor=x'))).toBe('?constructor=x');
    expect(Object.keys(parseSearch('?__proto__=x'))).toEqual(['__proto__']);
  });

  it('makes a repeated key an array, in order', () => {
    expect(parseSearch('?s=A&s=B')).toEqual({ s: ['A', 'B'] });
    expect(parseSearch('?s=A&x=1&s=B&s=C')).toEqual({ s: ['A', 'B', 'C'], x: '1' });
  });
});

describe('stringifySearch', () => {
  it('writes values as text and skips undefined and null', () => {
    expect(stringifySearch({ s: 'TSACBHV2', speciality: undefined, x: null })).toBe('?s=TSACBHV2');
    expect(stringifySearch({ n: 12345678, b: true })).toBe('?n=12345678&b=true');
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ s: undefined })).toBe('');
  });

  it('writes an array as the key repeated', () => {
    expect(stringifySearch({ s: ['A', 'B'] })).toBe('?s=A&s=B');
    expect(stringifySearch({ s: ['A', undefined, 'B'] })).toBe('?s=A&s=B');
  });

  it('escapes what must be escaped', () => {
    expect(stringifySearch({ redirect: '/login?x=1&y=2#z' })).toBe('?redirect=%2Flogin%3Fx%3D1%26y%3D2%23z');
    expect(stringifySearch({ s: 'a b' })).toBe('?s=a+b');
  });

  it('round-trips through parseSearch', () => {
    for (const search of [
      { s: 'TSACBHV2,Q9LY88FH' },
      { s: '12345678', speciality: '1E5' },
      { redirect: '/client/order/42/harbor-risk?x=1&y=%2C' },
      { s: ['A', 'B'] },
      { s: 'a,%2C,b' },
      { s: 'ä € 😀' },
      { s: 'true' },
      { s: '' },
    ]) {
      expect(parseSearch(stringifySearch(search))).toEqual(search);
    }
    expect(parseSearch(stringifySearch({ s: 'A', t: undefined }))).toEqual({ s: 'A' });
  });
});

describe('the query of landing and specialities', () => {
  const read = (schema: typeof landingSearch | typeof specialitiesSearch, query: string) =>
    v.parse(schema, parseSearch(query));

  it('reads a repeated s as one comma list', () => {
    expect(read(landingSearch, '?s=A&s=B')).toEqual({ s: 'A,B' });
    expect(read(landingSearch, '?s=TSACBHV2&s=Q9LY88FH&s=6PTBZBJL')).toEqual({ s: 'TSACBHV2,Q9LY88FH,6PTBZBJL' });
    expect(read(specialitiesSearch, '?speciality=A&speciality=B&s=C')).toEqual({ speciality: 'A,B', s: 'C' });
  });

  it('keeps s as text: numbers and empties are the machine’s to judge', () => {
    expect(read(landingSearch, '?s=12345678')).toEqual({ s: '12345678' });
    expect(read(landingSearch, '?s=1E5')).toEqual({ s: '1E5' });
    expect(read(landingSearch, '?s=')).toEqual({ s: '' });
    expect(read(landingSearch, '?s=A,,B')).toEqual({ s: 'A,,B' });
    expect(read(landingSearch, '')).toEqual({});
  });
});
