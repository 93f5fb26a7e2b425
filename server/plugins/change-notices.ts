/**
 * Decorates the app with its change-notice bus (server/db/change-notices.ts) and the caches that
 * live by it: signed-in sessions (server/http/authenticate.ts) and the public catalogue's answers
 * (server/specialities/public-catalogue.ts). Per app instance, never per module: two apps in one
 * process behave as two processes.
 */
import { ChangeNotices, type NoticedCache } from '@server/db/change-notices';
import { createSessionCache, type LiveSession } from '@server/http/authenticate';
import type { TaggedBody } from '@server/http/etag';
import { namedPlugin } from '@server/plugins/named-plugin';
import { createPublicCatalogueCache } from '@server/specialities/public-catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    changeNotices: ChangeNotices;
    /** Live sessions by user and family: what authenticate would otherwise ask the database. */
    sessionCache: NoticedCache<LiveSession | null>;
    /** The public catalogue's answers with their ETags, by route and query. */
    publicCatalogue: NoticedCache<TaggedBody<unknown>>;
  }
}

export const changeNoticesPlugin = namedPlugin(
  'change-notices',
  async (app) => {
    const bus = new ChangeNotices();
    app.decorate('changeNotices', bus);
    app.decorate('sessionCache', createSessionCache(bus));
    app.decorate('publicCatalogue', createPublicCatalogueCache(bus));
    const stop = await app.database.notices.start(bus.handlers, app.log);
    app.addHook('onClose', async () => {
      await stop();
      app.sessionCache.dispose();
      app.publicCatalogue.dispose();
    });
  },
  ['database'],
);
