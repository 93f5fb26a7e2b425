/**
 * Rating tables for administrators (issue 9): every version of one speciality's table in one
 * state, and a change as a new version. The new version and the retirement of the one before
 * are one transaction with their audit entry. The rating catalogue of every process hears of it
 * on commit from the database itself (a trigger's change notice, server/db/change-notices.ts).
 */
import type { NewRateTableVersion, RateTableVersion } from '@shared/contract/admin-rate-tables';
import { recordAudit } from '@server/admin/audit';
import { lockSpeciality, specialityExists } from '@server/admin/catalog-queries';
import {
  insertRateTableVersion,
  latestVersion,
  lockTableInForce,
  quoteCountsByVersion,
  retireRateTable,
  stateExists,
  tableVersion,
  versionRows,
  type RateTableRow,
} from '@server/admin/rate-table-queries';
import { parseRateTableCsv, rateTableToCsv, type CsvProblem, type RateValues } from '@server/admin/rate-table-csv';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import type { ErpPercentBps } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/http-error';

export type RateTableDeps = { db: Database; clock: Clock };

/** What a version says about prices, by the request's names: what a change compares and copies. */
const PRICE_FIELDS = ['basePremiumCents', 'minPremiumCents', 'policyFeeCents', 'taxRateBps', 'feeRateBps'] as const;

async function versionsOf(db: Queryable, specialityId: number, stateCode: string): Promise<RateTableVersion[]> {
  const rows = await versionRows(db, specialityId, stateCode);
  const quotes = await quoteCountsByVersion(db, specialityId, stateCode);
  const quotesOf = new Map(quotes.map((row) => [row.tableId, row.n]));
  return rows.map(({ creatorId, creatorEmail, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    createdBy: creatorId === null || creatorEmail === null ? null : { id: creatorId, email: creatorEmail },
    factors: row.factors as unknown as Record<string, unknown>,
    quotes: quotesOf.get(row.id) ?? 0,
  }));
}

/** The speciality and the state must exist: a 404 naming which does not. */
async function assertCatalogued(db: Queryable, specialityId: number, stateCode: string): Promise<void> {
  if (!(await specialityExists(db, specialityId))) throw notFound(`No speciality ${specialityId}`);
  if (!(await stateExists(db, stateCode))) throw notFound(`No state ${stateCode}`);
}

export async function rateTableVersions(
  db: Queryable,
  specialityId: number,
  stateCode: string,
): Promise<RateTableVersion[]> {
  await assertCatalogued(db, specialityId, stateCode);
  return versionsOf(db, specialityId, stateCode);
}

type Target = { specialityId: number; stateCode: string; basedOnVersion: number };
type TableRow = RateTableRow;
/** A version's values: its prices and factors (the CSV's), and its tail percentages (set by an edit only). */
type TableValues = RateValues & { erpPercentBps: ErpPercentBps };

const sameErp = (a: ErpPercentBps, b: ErpPercentBps) => a['1'] === b['1'] && a['2'] === b['2'] && a['3'] === b['3'];

const valuesOf = (row: TableRow): TableValues => ({
  basePremiumCents: row.basePremiumCents,
  minPremiumCents: row.minPremiumCents,
  policyFeeCents: row.policyFeeCents,
  taxRateBps: row.taxRateBps,
  feeRateBps: row.feeRateBps,
  factors: row.factors,
  erpPercentBps: row.erpPercentBps,
});

/** Factors compare as their CSV: the same rows in the same order, whatever order jsonb keeps their keys in. */
const sameFactors = (a: RateValues, b: RateValues) =>
  rateTableToCsv(a) === rateTableToCsv({ ...a, factors: b.factors });

/**
 * A new version of the table in force, with the values `change` makes of it; the version in force
 * after, and whether this made it (false: those values were in force already — a retry).
 */
async function changeTable(
  deps: RateTableDeps,
  actor: AuthUser,
  ip: string,
  target: Target,
  source: 'edit' | 'csv',
  change: (current: TableValues) => TableValues,
): Promise<{ version: RateTableVersion; made: boolean }> {
  const { specialityId, stateCode } = target;
  await assertCatalogued(deps.db, specialityId, stateCode);
  const outcome = await deps.db.transaction(async (tx) => {
    // One change of a speciality's tables at a time: the second waits, then finds the version the
    // first put in force (a retry answers it, a stale change is a 409), never a table gone.
    await lockSpeciality(tx, specialityId);
    const current = await lockTableInForce(tx, specialityId, stateCode);
    if (!current) throw notFound(`No rate table prices speciality ${specialityId} in ${stateCode}`);
    const before = valuesOf(current);
    const next = change(before);
    const changedPrices = PRICE_FIELDS.filter((field) => next[field] !== before[field]);
    const factorsChanged = !sameFactors(next, before);
    const erpChanged = !sameErp(next.erpPercentBps, before.erpPercentBps);
    // Already in force (a retry of this change, or a change to what is): nothing new.
    if (changedPrices.length === 0 && !factorsChanged && !erpChanged) return { id: current.id, made: false };
    if (target.basedOnVersion !== current.version) {
      throw conflict(`The table was changed meanwhile: version ${current.version} is in force now`, {
        basedOnVersion: `is not ${current.version}, the version in force`,
      });
    }
    const latest = (await latestVersion(tx, specialityId, stateCode)) ?? current.version;
    const now = deps.clock.now();
    // Retired first: at most one active table per speciality and state (a partial unique index).
    await retireRateTable(tx, current.id);
    const made = await insertRateTableVersion(tx, {
      specialityId,
      stateCode,
      version: latest + 1,
      ...next,
      createdBy: actor.id,
      createdAt: now,
      active: true,
    });
    await recordAudit(tx, actor, ip, now, {
      action: 'ratetable.version',
      entity: 'rate_table',
      entityId: `${specialityId}:${stateCode}`,
      data: {
        from: current.version,
        to: made.version,
        source,
        changed: Object.fromEntries(changedPrices.map((field) => [field, { from: before[field], to: next[field] }])),
        ...(factorsChanged ? { factorsChanged: true } : {}),
        ...(erpChanged ? { erpPercentBps: { from: before.erpPercentBps, to: next.erpPercentBps } } : {}),
      },
    });
    return { id: made.id, made: true };
  });
  const versions = await versionsOf(deps.db, specialityId, stateCode);
  return { version: versions.find((version) => version.id === outcome.id)!, made: outcome.made };
}

/** A change of prices or tail percentages (what is left out is kept, the factors included). */
export function newRateTableVersion(deps: RateTableDeps, actor: AuthUser, ip: string, change: NewRateTableVersion) {
  return changeTable(deps, actor, ip, change, 'edit', (current) => ({
    ...current,
    ...Object.fromEntries(
      PRICE_FIELDS.flatMap((field) => (change[field] === undefined ? [] : [[field, change[field]]])),
    ),
    erpPercentBps: change.erpPercentBps ?? current.erpPercentBps,
  }));
}

/** The whole table from a CSV (server/admin/rate-table-csv.ts): any problem refuses all of it, naming row and column. */
export function importRateTable(deps: RateTableDeps, actor: AuthUser, ip: string, target: Target, csv: string) {
  const parsed = parseRateTableCsv(csv);
  if ('problems' in parsed) {
    const [first] = parsed.problems;
    const where = (problem: CsvProblem) =>
      problem.column === 'file' ? 'the file' : `row ${problem.row}, column ${problem.column}`;
    throw badRequest(
      `The rate table was not imported (nothing changed): ${where(first!)} ${first!.message}` +
        (parsed.problems.length > 1 ? `, and ${parsed.problems.length - 1} more` : ''),
      Object.fromEntries(
        parsed.problems.map((problem) => [
          problem.column === 'file' ? 'csv' : `csv row ${problem.row} ${problem.column}`,
          problem.message,
        ]),
      ),
    );
  }
  // The CSV holds no tail percentages: the version in force keeps its own.
  return changeTable(deps, actor, ip, target, 'csv', (current) => ({
    ...parsed.values,
    erpPercentBps: current.erpPercentBps,
  }));
}

/** The CSV of one version (the one in force when none is named) and its file name. */
export async function exportRateTable(
  db: Queryable,
  specialityId: number,
  stateCode: string,
  version: number | undefined,
) {
  await assertCatalogued(db, specialityId, stateCode);
  const row = await tableVersion(db, specialityId, stateCode, version);
  if (!row)
    throw notFound(
      version === undefined
        ? `No rate table prices speciality ${specialityId} in ${stateCode}`
        : `No version ${version} of this table`,
    );
  const slug = row.speciality
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    filename: `rates-${slug}-${stateCode.toLowerCase()}-v${row.table.version}.csv`,
    csv: rateTableToCsv(valuesOf(row.table)),
  };
}
