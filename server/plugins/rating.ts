import { namedPlugin } from '@server/plugins/named-plugin';
import { createRatingCatalog, ratingCatalogCache, type RatingCatalog } from '@server/rating/rating-catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate tables, questions and payment terms by speciality and state, kept until they change. */
    ratingCatalog: RatingCatalog;
  }
}

export const ratingPlugin = namedPlugin(
  'rating',
  async (app) => {
    const cache = ratingCatalogCache(app.changeNotices);
    app.decorate('ratingCatalog', createRatingCatalog(app.db, cache));
    app.addHook('onClose', async () => cache.dispose());
  },
  ['database', 'change-notices'],
);
