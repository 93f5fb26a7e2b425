/**
 * The public catalogue's answers, kept per app instance until a 'catalogue' change notice says
 * otherwise (server/db/change-notices.ts): categories, the speciality lists, one speciality and
 * a broker's details. Every visitor asks for these and an administrator rarely changes them, so
 * a read costs no query and no hashing; the ETag is made once, with the body.
 *
 * Only answers are kept, never errors: a made-up client URL or id costs its query every time
 * rather than a place in the cache.
 */
import { NoticedCache, type ChangeNotices } from '@server/db/change-notices';
import type { Database } from '@server/db/connection';
import { tagged, type TaggedBody } from '@server/http/etag';
import { brokerDetails } from '@server/specialities/broker-details';
import {
  brokerSpecialityList,
  checkStateExists,
  listCategories,
  plainSpecialityList,
  specialityById,
} from '@server/specialities/speciality-list';

/** Categories, one list per broker and state, one answer per speciality and broker: far fewer. */
export const PUBLIC_CATALOGUE_MAX_ENTRIES = 5_000;

export type PublicCatalogueCache = NoticedCache<TaggedBody<unknown>>;

export const createPublicCatalogueCache = (bus: ChangeNotices): PublicCatalogueCache =>
  new NoticedCache({ bus, kind: 'catalogue', maxEntries: PUBLIC_CATALOGUE_MAX_ENTRIES });

export type PublicCatalogue = { db: Database; cache: PublicCatalogueCache };

function cached<T>(cache: PublicCatalogueCache, key: string, load: () => Promise<T>): Promise<TaggedBody<T>> {
  return cache.get(key, async () => tagged(await load())) as Promise<TaggedBody<T>>;
}

export const categoriesAnswer = ({ db, cache }: PublicCatalogue) =>
  cached(cache, 'categories', () => listCategories(db));

/** specialitylist (and specialityByClientUrl, the same answer): client URLs match in any case. */
export function specialityListAnswer(
  { db, cache }: PublicCatalogue,
  clientUrl: string | undefined,
  stateCode: string | undefined,
) {
  const broker = clientUrl?.toLowerCase();
  return cached(cache, `list\u0000${broker ?? ''}\u0000${stateCode ?? ''}`, async () => {
    const list =
      broker !== undefined
        ? await brokerSpecialityList(db, broker, stateCode)
        : await plainSpecialityList(db, stateCode);
    if (stateCode !== undefined && !list.some((item) => 'indicativeFromCents' in item))
      await checkStateExists(db, stateCode);
    return list;
  });
}

export const specialityAnswer = ({ db, cache }: PublicCatalogue, specialityId: number) =>
  cached(cache, `speciality\u0000${specialityId}`, () => specialityById(db, specialityId));

export function brokerDetailsAnswer({ db, cache }: PublicCatalogue, clientUrl: string) {
  const broker = clientUrl.toLowerCase();
  return cached(cache, `broker\u0000${broker}`, () => brokerDetails(db, broker));
}
