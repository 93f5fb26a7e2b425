/**
 * A rate table as CSV (issue 9), for an actuary's spreadsheet: one header, one row per thing the
 * table says, the `kind` column saying which, the columns a kind does not use left empty.
 *
 *   kind        columns used
 *   setting     code (base_premium_cents, min_premium_cents, policy_fee_cents, tax_rate_bps,
 *               fee_rate_bps, schedule_cap_bps, territory_default_bps), value
 *   limit       code, label, per_claim_cents, aggregate_cents, factor_bps
 *   deductible  code, label, deductible_cents, factor_bps
 *   territory   zip_prefix (three digits), factor_bps
 *   experience  min_claims, max_claims (empty on the last band: no upper end), factor_bps
 *
 * Reading is all or nothing: every problem is named by its row (the header is row 1) and column,
 * and a file with any problem changes nothing.
 */
import type { RateFactors } from '@server/db/schema';
import type { RatingTable } from '@shared/rating/engine';

export const CSV_COLUMNS = [
  'kind',
  'code',
  'label',
  'zip_prefix',
  'min_claims',
  'max_claims',
  'per_claim_cents',
  'aggregate_cents',
  'deductible_cents',
  'factor_bps',
  'value',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

const SETTINGS = [
  'base_premium_cents',
  'min_premium_cents',
  'policy_fee_cents',
  'tax_rate_bps',
  'fee_rate_bps',
  'schedule_cap_bps',
  'territory_default_bps',
] as const;
type Setting = (typeof SETTINGS)[number];

/** What a version of a table holds: its prices and its factors (the engine's table without what names it). */
export type RateValues = Pick<
  RatingTable,
  'basePremiumCents' | 'minPremiumCents' | 'policyFeeCents' | 'taxRateBps' | 'feeRateBps' | 'factors'
>;

export type CsvProblem = { row: number; column: Column | 'file'; message: string };

/** At most this many problems are named: a wholly wrong file need not list every cell. */
const MAX_PROBLEMS = 20;

/** A cell as written: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function rateTableToCsv(values: RateValues): string {
  const settings: Record<Setting, number> = {
    base_premium_cents: values.basePremiumCents,
    min_premium_cents: values.minPremiumCents,
    policy_fee_cents: values.policyFeeCents,
    tax_rate_bps: values.taxRateBps,
    fee_rate_bps: values.feeRateBps,
    schedule_cap_bps: values.factors.scheduleCapBps,
    territory_default_bps: values.factors.territory.defaultBps,
  };
  const row = (fields: Partial<Record<Column, string | number | null>>) =>
    CSV_COLUMNS.map((column) => cell(fields[column] ?? null)).join(',');
  const { factors } = values;
  return [
    CSV_COLUMNS.join(','),
    ...SETTINGS.map((code) => row({ kind: 'setting', code, value: settings[code] })),
    ...factors.ilf.map((limit) =>
      row({
        kind: 'limit',
        code: limit.code,
        label: limit.label,
        per_claim_cents: limit.perClaimCents,
        aggregate_cents: limit.aggregateCents,
        factor_bps: limit.factorBps,
      }),
    ),
    ...factors.dlf.map((deductible) =>
      row({
        kind: 'deductible',
        code: deductible.code,
        label: deductible.label,
        deductible_cents: deductible.deductibleCents,
        factor_bps: deductible.factorBps,
      }),
    ),
    ...factors.territory.rows.map((territory) =>
      row({ kind: 'territory', zip_prefix: territory.zipPrefix, factor_bps: territory.factorBps }),
    ),
    ...factors.experience.map((band) =>
      row({ kind: 'experience', min_claims: band.minClaims, max_claims: band.maxClaims, factor_bps: band.factorBps }),
    ),
  ]
    .map((line) => `${line}\r\n`)
    .join('');
}

/** A record and the line of the file it starts on (1 is the header's). */
export type CsvRecord = { line: number; fields: string[] };

/**
 * RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks (so a record may
 * span lines: it is known by the line it starts on). Null when a quote is left open. Blank lines
 * say nothing and are left out, after numbering, so every line keeps the number a spreadsheet shows.
 */
export function csvRecords(text: string): CsvRecord[] | null {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  for (; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\n' || (char === '\r' && text[at + 1] !== '\n')) line++;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') {
        at++;
        line++;
      }
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      start = line;
    } else field += char;
  }
  if (quoted) return null;
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

type Row = { number: number; get(column: Column): string };

/** Whole cents up to ten million dollars, as the edit call takes them (shared/contract/admin-rate-tables.ts). */
export const MAX_RATE_CENTS = 1_000_000_000;
/** A factor of at most ten times. */
const MAX_FACTOR_BPS = 100_000;
/** At most this many rows of each kind. */
export const MAX_ROWS = { limit: 20, deductible: 20, territory: 1000, experience: 20 } as const;

/**
 * What each setting may be: a premium of at least a cent (a table never prices cover at nothing),
 * rates up to 100 %, a schedule cap below 100 % (credits never bring a premium to nothing), a
 * default territory factor like any other.
 */
const SETTING_BOUNDS: Record<Setting, readonly [number, number]> = {
  base_premium_cents: [1, MAX_RATE_CENTS],
  min_premium_cents: [1, MAX_RATE_CENTS],
  policy_fee_cents: [0, MAX_RATE_CENTS],
  tax_rate_bps: [0, 10_000],
  fee_rate_bps: [0, 10_000],
  schedule_cap_bps: [0, 9_999],
  territory_default_bps: [1, MAX_FACTOR_BPS],
};

export function parseRateTableCsv(text: string): { values: RateValues } | { problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const problem = (row: number, column: CsvProblem['column'], message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ row, column, message });
  };
  const records = csvRecords(text);
  if (!records) return { problems: [{ row: 0, column: 'file', message: 'a quoted cell is never closed' }] };
  const [header, ...body] = records;
  const columns = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((column) => !columns.includes(column));
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  const repeated = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (!header || missing.length > 0 || unknown.length > 0 || repeated.length > 0) {
    const said = [
      missing.length ? `missing: ${missing.join(', ')}` : '',
      unknown.length ? `unknown: ${unknown.join(', ')}` : '',
      repeated.length ? `repeated: ${repeated.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return {
      problems: [
        {
          row: header?.line ?? 1,
          column: 'file',
          message: `the header must name each of the columns ${CSV_COLUMNS.join(', ')} once (${said})`,
        },
      ],
    };
  }
  for (const record of body) {
    if (record.fields.length !== columns.length)
      problem(record.line, 'file', `has ${record.fields.length} cells where the header has ${columns.length}`);
  }
  if (problems.length > 0) return { problems };
  const rows: Row[] = body.map(({ line, fields }) => ({
    number: line,
    get: (column) => (fields[columns.indexOf(column)] ?? '').trim(),
  }));

  /** A whole number from `min` to `max`; empty is allowed only when `optional`. */
  const whole = (row: Row, column: Column, min: number, max: number, optional = false): number | null => {
    const text = row.get(column);
    if (text === '' && optional) return null;
    if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problem(
        row.number,
        column,
        text === '' ? 'is required' : `must be a whole number from ${min} to ${max} (got "${text}")`,
      );
      return null;
    }
    return Number(text);
  };
  const words = (row: Row, column: Column, max: number): string | null => {
    const value = row.get(column);
    if (value === '') problem(row.number, column, 'is required');
    else if (value.length > max) problem(row.number, column, `must be at most ${max} characters`);
    // A spreadsheet would run it as a formula.
    else if (/^[=+\-@]/.test(value)) problem(row.number, column, 'must not start with =, +, - or @');
    else return value;
    return null;
  };
  const BPS = [0, MAX_FACTOR_BPS] as const;

  const settings = new Map<Setting, number>();
  const ilf: RateFactors['ilf'] = [];
  const dlf: RateFactors['dlf'] = [];
  const territory: RateFactors['territory']['rows'] = [];
  const bands: Array<{ band: RateFactors['experience'][number]; row: number }> = [];
  const seen = { limit: new Set<string>(), deductible: new Set<string>(), territory: new Set<string>() };
  const unique = (row: Row, column: Column, kind: keyof typeof seen, key: string | null) => {
    if (key === null) return;
    if (seen[kind].has(key)) problem(row.number, column, `repeats ${kind} ${key}`);
    seen[kind].add(key);
  };

  const counts = { limit: 0, deductible: 0, territory: 0, experience: 0 };
  for (const row of rows) {
    const kind = row.get('kind');
    // Every limit is priced with every deductible for each quote: the lists stay short.
    if (kind in counts && ++counts[kind as keyof typeof counts] > MAX_ROWS[kind as keyof typeof counts]) {
      problem(row.number, 'kind', `is one ${kind} row too many: at most ${MAX_ROWS[kind as keyof typeof counts]}`);
      continue;
    }
    if (kind === 'setting') {
      const code = row.get('code') as Setting;
      if (!SETTINGS.includes(code)) {
        problem(row.number, 'code', `must be one of: ${SETTINGS.join(', ')}`);
        continue;
      }
      if (settings.has(code)) problem(row.number, 'code', `repeats ${code}`);
      const [min, max] = SETTING_BOUNDS[code];
      const value = whole(row, 'value', min, max);
      if (value !== null) settings.set(code, value);
    } else if (kind === 'limit') {
      const code = words(row, 'code', 20);
      unique(row, 'code', 'limit', code);
      const label = words(row, 'label', 80);
      const perClaim = whole(row, 'per_claim_cents', 1, MAX_RATE_CENTS);
      const aggregate = whole(row, 'aggregate_cents', 1, MAX_RATE_CENTS);
      const factor = whole(row, 'factor_bps', 1, BPS[1]);
      if (perClaim !== null && aggregate !== null && aggregate < perClaim)
        problem(row.number, 'aggregate_cents', 'must be at least per_claim_cents');
      if (code && label && perClaim !== null && aggregate !== null && factor !== null)
        ilf.push({ code, label, perClaimCents: perClaim, aggregateCents: aggregate, factorBps: factor });
    } else if (kind === 'deductible') {
      const code = words(row, 'code', 20);
      unique(row, 'code', 'deductible', code);
      const label = words(row, 'label', 80);
      const amount = whole(row, 'deductible_cents', 0, MAX_RATE_CENTS);
      const factor = whole(row, 'factor_bps', 1, BPS[1]);
      if (code && label && amount !== null && factor !== null)
        dlf.push({ code, label, deductibleCents: amount, factorBps: factor });
    } else if (kind === 'territory') {
      const prefix = row.get('zip_prefix');
      if (!/^\d{3}$/.test(prefix))
        problem(row.number, 'zip_prefix', `must be the first three digits of a ZIP code (got "${prefix}")`);
      else unique(row, 'zip_prefix', 'territory', prefix);
      const factor = whole(row, 'factor_bps', 1, BPS[1]);
      if (/^\d{3}$/.test(prefix) && factor !== null) territory.push({ zipPrefix: prefix, factorBps: factor });
    } else if (kind === 'experience') {
      const min = whole(row, 'min_claims', 0, 1000);
      const max = whole(row, 'max_claims', 0, 1000, true);
      const factor = whole(row, 'factor_bps', 1, BPS[1]);
      if (min !== null && max !== null && max < min) problem(row.number, 'max_claims', 'must be at least min_claims');
      if (min !== null && factor !== null)
        bands.push({ band: { minClaims: min, maxClaims: max, factorBps: factor }, row: row.number });
    } else {
      problem(row.number, 'kind', `must be one of: setting, limit, deductible, territory, experience (got "${kind}")`);
    }
  }

  // What is missing altogether belongs to no row: the file is named.
  for (const code of SETTINGS)
    if (!settings.has(code) && !rows.some((row) => row.get('code') === code))
      problem(1, 'file', `has no setting row for ${code}`);
  if (!rows.some((row) => row.get('kind') === 'limit'))
    problem(1, 'file', 'has no limit rows: the table would offer no limit');
  if (!rows.some((row) => row.get('kind') === 'deductible'))
    problem(1, 'file', 'has no deductible rows: the table would offer no deductible');
  if (!rows.some((row) => row.get('kind') === 'experience'))
    problem(1, 'file', 'has no experience rows: a band from 0 claims is needed');
  // Experience bands run from 0 claims up without gaps or overlaps, the last without an upper end.
  bands.sort((a, b) => a.band.minClaims - b.band.minClaims);
  bands.forEach(({ band, row }, index) => {
    const before = bands[index - 1]?.band;
    if (before && before.maxClaims === null) problem(row, 'min_claims', 'follows a band with no upper end');
    else if (band.minClaims !== (before ? before.maxClaims! + 1 : 0)) {
      problem(row, 'min_claims', `must be ${before ? before.maxClaims! + 1 : 0}, where the band before ends`);
    }
    const last = index === bands.length - 1;
    if (!last && band.maxClaims === null) problem(row, 'max_claims', 'is required on every band but the last');
    if (last && band.maxClaims !== null) problem(row, 'max_claims', 'must be empty on the last band (no upper end)');
  });

  if (problems.length > 0) return { problems: problems.sort((a, b) => a.row - b.row) };
  const setting = (code: Setting) => settings.get(code)!;
  return {
    values: {
      basePremiumCents: setting('base_premium_cents'),
      minPremiumCents: setting('min_premium_cents'),
      policyFeeCents: setting('policy_fee_cents'),
      taxRateBps: setting('tax_rate_bps'),
      feeRateBps: setting('fee_rate_bps'),
      factors: {
        ilf,
        dlf,
        territory: { defaultBps: setting('territory_default_bps'), rows: territory },
        experience: bands.map(({ band }) => band),
        scheduleCapBps: setting('schedule_cap_bps'),
      },
    },
  };
}
