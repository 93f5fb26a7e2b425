import { describe, expect, it } from 'vitest';
import { usStateList } from '@server/db/seed/us-states';
import { lookupZip } from '@server/geo/zip-codes';

describe('lookupZip', () => {
  it.each([
    ['77002', 'TX', 'Harris', 'Houston'],
    ['10001', 'NY', 'New York', 'New York'],
    ['94103', 'CA', 'San Francisco', 'San Francisco'],
    ['60606', 'IL', 'Cook', 'Chicago'],
    ['33101', 'FL', 'Miami-Dade', 'Miami'],
    ['85004', 'AZ', 'Maricopa', 'Phoenix'],
    ['20001', 'DC', 'District of Columbia', 'Washington'],
    ['00601', 'PR', 'Adjuntas', 'Adjuntas'],
  ])('finds %s in %s, %s County (%s)', (zip, stateCode, county, city) => {
    expect(lookupZip(zip)).toMatchObject({ zipcode: zip, stateCode, county, city });
  });

  it('gives a ZIP spanning counties the one most of its people live in', () => {
    // 10463 is mostly the Bronx, with a corner of Manhattan.
    expect(lookupZip('10463')).toMatchObject({ stateCode: 'NY', county: 'Bronx' });
    expect(lookupZip('30097')).toMatchObject({ stateCode: 'GA', county: 'Fulton' });
  });

  it('looks a ZIP+4 up by its first five digits', () => {
    expect(lookupZip('77002-1234')).toEqual(lookupZip('77002'));
    expect(lookupZip('77002-1234')?.zipcode).toBe('77002');
  });

  it.each(['', '7700', '770021', '77002-12', '77002-12345', '7700A', ' 77002', '77002 ', '77002 1234', '７７００２'])(
    'answers undefined for the malformed %j',
    (zip) => {
      expect(lookupZip(zip)).toBeUndefined();
    },
  );

  it('answers undefined for well-formed ZIPs the dataset does not know', () => {
    for (const zip of ['00000', '99999', '00501' /* the IRS's own ZIP, no area */]) {
      expect(lookupZip(zip)).toBeUndefined();
    }
  });

  it('knows ZIPs in every state we list, under the same USPS codes', () => {
    // Sampled by state: the seeded us_states codes must be the ones the dataset answers.
    const seen = new Set<string>();
    for (let zip = 0; zip <= 99_999; zip += 7) {
      const info = lookupZip(String(zip).padStart(5, '0'));
      if (info) seen.add(info.stateCode);
    }
    for (const [code] of usStateList) expect(seen, code).toContain(code);
  });

  it('answers the same frozen record every time', () => {
    const first = lookupZip('94103');
    expect(lookupZip('94103')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});
