import * as v from 'valibot';
import { http } from '@/api/client';
import {
  rateTableVersionSchema,
  rateTableVersionsSchema,
  type NewRateTableVersion,
  type RateTableVersion,
} from '@shared/contract/admin-rate-tables';
import { attachmentFilename } from '@/api/documents';

/**
 * Rate tables for administrators (shared/contract/admin-rate-tables.ts): role admin only. A change is
 * a new version; another change that came first is a 409 naming basedOnVersion; a CSV with any
 * problem is a 400 naming its row and column, every problem in `fields`.
 */

export interface RateTableKey {
  specialityId: number;
  stateCode: string;
}

/** GET admin/ratetables: every version, newest first. */
export async function rateTableVersions({ specialityId, stateCode }: RateTableKey): Promise<RateTableVersion[]> {
  const searchParams = { specialityId: String(specialityId), state: stateCode };
  return v.parse(rateTableVersionsSchema, await http().get('admin/ratetables', { searchParams }).json());
}

/** POST admin/ratetables: a new version from `basedOnVersion` (what is left out is kept). */
export async function newRateTableVersion(change: NewRateTableVersion): Promise<RateTableVersion> {
  return v.parse(rateTableVersionSchema, await http().post('admin/ratetables', { json: change }).json());
}

/** POST admin/ratetables/import: the whole table from a CSV's text, as a new version. */
export async function importRateTable(
  key: RateTableKey & { basedOnVersion: number; csv: string },
): Promise<RateTableVersion> {
  return v.parse(rateTableVersionSchema, await http().post('admin/ratetables/import', { json: key }).json());
}

/** GET admin/ratetables/export: a version as CSV, named by the server. */
export async function exportRateTable(
  { specialityId, stateCode }: RateTableKey,
  version: number,
): Promise<{ blob: Blob; filename: string }> {
  const searchParams = { specialityId: String(specialityId), state: stateCode, version: String(version) };
  const response = await http().get('admin/ratetables/export', { searchParams });
  const blob = await response.blob();
  return { blob, filename: attachmentFilename(response.headers.get('content-disposition')) ?? `rates-v${version}.csv` };
}
