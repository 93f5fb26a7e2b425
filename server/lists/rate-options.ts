/** What the ZIP's state sells, from its rate tables' rows (server/lists/list-queries.ts). */
import type { DeductibleOption, LimitOption } from '@shared/contract/lists';
import type { DlfRow, IlfRow } from '@server/db/schema';

/**
 * The options of several rate tables as one list: each code once (the first table by id
 * wins), ordered by what it is worth rather than by table.
 */
export function unionOptions(tables: { ilf: IlfRow[] | null; dlf: DlfRow[] | null }[]) {
  const limits = new Map<string, LimitOption>();
  const deductibles = new Map<string, DeductibleOption>();
  for (const { ilf, dlf } of tables) {
    for (const { code, label, perClaimCents, aggregateCents } of ilf ?? []) {
      if (!limits.has(code)) limits.set(code, { code, label, perClaimCents, aggregateCents });
    }
    for (const { code, label, deductibleCents } of dlf ?? []) {
      if (!deductibles.has(code)) deductibles.set(code, { code, label, deductibleCents });
    }
  }
  const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  return {
    limits: [...limits.values()].sort(
      (a, b) => a.perClaimCents - b.perClaimCents || a.aggregateCents - b.aggregateCents || byCode(a, b),
    ),
    deductibles: [...deductibles.values()].sort((a, b) => a.deductibleCents - b.deductibleCents || byCode(a, b)),
  };
}
