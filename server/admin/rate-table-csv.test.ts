import { describe, expect, it } from 'vitest';
import { csvRecords, parseRateTableCsv, rateTableToCsv, type RateValues } from '@server/admin/rate-table-csv';
import { demoRateTables } from '@server/db/seed/demo-rates';

const demo = demoRateTables()[0]!;
const values: RateValues = {
  basePremiumCents: demo.basePremiumCents,
  minPremiumCents: demo.minPremiumCents,
  policyFeeCents: demo.policyFeeCents,
  taxRateBps: demo.taxRateBps,
  feeRateBps: demo.feeRateBps,
  factors: demo.factors,
};
const csv = rateTableToCsv(values);
const lines = csv.trimEnd().split('\r\n');

/** The CSV with line `index` (0 is the header) replaced. */
const withLine = (index: number, line: string) => lines.map((old, at) => (at === index ? line : old)).join('\r\n');
const lineOf = (prefix: string) => lines.findIndex((line) => line.startsWith(prefix));

describe('a rate table as CSV', () => {
  it('reads back exactly what it wrote', () => {
    expect(parseRateTableCsv(csv)).toEqual({ values });
    expect(lines[0]).toBe(
      'kind,code,label,zip_prefix,min_claims,max_claims,per_claim_cents,aggregate_cents,deductible_cents,factor_bps,value',
    );
    expect(lines).toContain('setting,base_premium_cents,,,,,,,,,' + values.basePremiumCents);
    // Labels with commas are quoted.
    expect(lines.find((line) => line.startsWith('limit,1M/3M'))).toBe(
      'limit,1M/3M,"$1,000,000 / $3,000,000",,,,100000000,300000000,,11500,',
    );
  });

  it('takes what a spreadsheet saves: a byte-order mark, LF line ends, columns in another order, blank lines', () => {
    const records = csvRecords(csv)!.map((record) => record.fields);
    const order = [...records[0]!.keys()].reverse();
    const shuffled = records
      .map((record) =>
        order
          .map((index) => record[index]!)
          .map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
          .join(','),
      )
      .join('\n');
    expect(parseRateTableCsv(`\uFEFF${shuffled}\n\n`)).toEqual({ values });
  });

  it('refuses the whole file for one bad cell, naming its row and column', () => {
    const row = lineOf('limit,1M/3M');
    const bad = withLine(row, lines[row]!.replace(',11500,', ',eleven,'));
    expect(parseRateTableCsv(bad)).toEqual({
      problems: [
        { row: row + 1, column: 'factor_bps', message: 'must be a whole number from 1 to 100000 (got "eleven")' },
      ],
    });
  });

  it('names every kind of problem where it is', () => {
    const territory = lineOf('territory,');
    const cases: Array<[string, { row: number; column: string }]> = [
      [withLine(territory, 'territory,,,77,,,,,,10500,'), { row: territory + 1, column: 'zip_prefix' }],
      [withLine(territory, 'region,,,,,,,,,,'), { row: territory + 1, column: 'kind' }],
      [
        withLine(lineOf('setting,tax_rate_bps'), 'setting,tax_rate_bps,,,,,,,,,20000'),
        { row: lineOf('setting,tax_rate_bps') + 1, column: 'value' },
      ],
      [
        withLine(lineOf('limit,1M/3M'), 'limit,1M/3M,=HYPERLINK("x"),,,,100000000,300000000,,11500,'),
        { row: lineOf('limit,1M/3M') + 1, column: 'label' },
      ],
      [
        withLine(lineOf('limit,1M/3M'), 'limit,1M/1M,"$1,000,000 / $3,000,000",,,,100000000,300000000,,11500,'),
        { row: lineOf('limit,1M/3M') + 1, column: 'code' },
      ],
      [
        withLine(lineOf('limit,1M/3M'), 'limit,1M/3M,"$1,000,000 / $3,000,000",,,,300000000,100000000,,11500,'),
        { row: lineOf('limit,1M/3M') + 1, column: 'aggregate_cents' },
      ],
      [withLine(lineOf('setting,policy_fee_cents'), ''), { row: 1, column: 'file' }],
      ['kind,code\r\nsetting,base_premium_cents\r\n', { row: 1, column: 'file' }],
      [`${csv}"open quote`, { row: 0, column: 'file' }],
    ];
    for (const [text, where] of cases) {
      const outcome = parseRateTableCsv(text);
      expect('problems' in outcome && outcome.problems[0]).toMatchObject(where);
    }
  });

  it('wants experience bands from 0 claims up, without gaps or overlaps, the last without an upper end', () => {
    const first = lineOf('experience,');
    const gap = withLine(
      first + 1,
      lines[first + 1]!.replace(/^experience,,,,(\d+)/, (_, min: string) => `experience,,,,${Number(min) + 1}`),
    );
    expect(parseRateTableCsv(gap)).toMatchObject({
      problems: expect.arrayContaining([expect.objectContaining({ row: first + 2, column: 'min_claims' })]),
    });
    const closed = withLine(lines.length - 1, lines.at(-1)!.replace(/^experience,,,,(\d+),,/, 'experience,,,,$1,99,'));
    expect(parseRateTableCsv(closed)).toMatchObject({ problems: [{ row: lines.length, column: 'max_claims' }] });
  });

  it('names the row a spreadsheet shows, blank lines and quoted line breaks counted', () => {
    const row = lineOf('limit,1M/3M');
    const withBlank = [...lines.slice(0, 2), '', ...lines.slice(2)];
    withBlank[row + 1] = withBlank[row + 1]!.replace(',11500,', ',x,');
    expect(parseRateTableCsv(withBlank.join('\r\n'))).toMatchObject({
      problems: [{ row: row + 2, column: 'factor_bps' }],
    });
    const multiline = lines.map((line) => line.replace('"$1,000,000 / $1,000,000"', '"$1,000,000\n/ $1,000,000"'));
    multiline[row] = multiline[row]!.replace(',11500,', ',x,');
    expect(parseRateTableCsv(multiline.join('\n'))).toMatchObject({
      problems: [{ row: row + 2, column: 'factor_bps' }],
    });
  });

  it('refuses a header with a column unknown, missing or twice, and a row with more or fewer cells than the header', () => {
    expect(parseRateTableCsv(withLine(0, `${lines[0]},notes`))).toMatchObject({
      problems: [{ row: 1, column: 'file', message: expect.stringContaining('unknown: notes') }],
    });
    expect(parseRateTableCsv(withLine(0, lines[0]!.replace('label', 'code')))).toMatchObject({
      problems: [{ row: 1, column: 'file', message: expect.stringContaining('repeated: code') }],
    });
    const row = lineOf('territory,');
    expect(parseRateTableCsv(withLine(row, `${lines[row]},extra`))).toMatchObject({
      problems: [{ row: row + 1, column: 'file', message: 'has 12 cells where the header has 11' }],
    });
  });

  it('keeps the lists short and the prices above nothing', () => {
    const limits = Array.from(
      { length: 21 },
      (_, index) => `limit,L${index},Limit ${index},,,,100000000,100000000,,10000,`,
    );
    const tooMany = parseRateTableCsv(`${csv}${limits.join('\r\n')}\r\n`);
    expect('problems' in tooMany && tooMany.problems[0]).toEqual({
      row: lines.length + 16,
      column: 'kind',
      message: 'is one limit row too many: at most 20',
    });
    for (const [code, value] of [
      ['min_premium_cents', 0],
      ['territory_default_bps', 0],
      ['schedule_cap_bps', 10000],
      ['base_premium_cents', 1_000_000_001],
    ] as const) {
      const at = lineOf(`setting,${code}`);
      expect(parseRateTableCsv(withLine(at, `setting,${code},,,,,,,,,${value}`)), code).toMatchObject({
        problems: [{ row: at + 1, column: 'value' }],
      });
    }
  });
});
