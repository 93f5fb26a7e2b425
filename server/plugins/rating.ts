import { namedPlugin } from '@server/plugins/named-plugin';
import { createRatingCatalog, type RatingCatalog } from '@server/rating/rating-catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate tables, questions and payment terms by speciality and state, cached briefly. */
    ratingCatalog: RatingCatalog;
  }
}

export const ratingPlugin = namedPlugin(
  'rating',
  async (app) => {
    app.decorate('ratingCatalog', createRatingCatalog(app.db));
    app.addHook('onClose', async () => app.ratingCatalog.clear());
  },
  ['database'],
);
