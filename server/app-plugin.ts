/**
 * The HTTP application, registered as one encapsulated plugin: its error and not-found
 * handlers govern every route inside it (extra plugins from tests included) and nothing else.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '@server/config';
import { errorHandler } from '@server/http/error-handler';
import { formBodies } from '@server/http/form-body';
import { notFoundHandler } from '@server/http/not-found';
import { staticFiles } from '@server/plugins/static-files';
import { authRoutes } from '@server/routes/auth';
import { brokerRoutes } from '@server/routes/brokers';
import { healthRoutes } from '@server/routes/health';
import { listRoutes } from '@server/routes/lists';
import { openApiRoutes } from '@server/routes/openapi';
import { questionRoutes } from '@server/routes/questions';
import { ratingRoutes } from '@server/routes/rating';
import { runtimeConfigRoutes } from '@server/routes/runtime-config';
import { specialityRoutes } from '@server/routes/specialities';
import { submissionRoutes } from '@server/routes/submissions';

export const apiPrefix = '/api/weborder';

export type AppPluginOptions = {
  config: Config;
  plugins: FastifyPluginAsync[];
};

export async function appPlugin(app: FastifyInstance, { config, plugins }: AppPluginOptions) {
  await app.register(errorHandler);
  await app.register(notFoundHandler, { staticDir: config.staticDir });
  formBodies(app);

  await app.register(healthRoutes, { prefix: apiPrefix });
  await app.register(specialityRoutes, { prefix: apiPrefix });
  await app.register(brokerRoutes, { prefix: apiPrefix });
  await app.register(listRoutes, { prefix: apiPrefix });
  await app.register(ratingRoutes, { prefix: apiPrefix });
  await app.register(authRoutes, { prefix: apiPrefix });
  await app.register(questionRoutes, { prefix: apiPrefix });
  await app.register(submissionRoutes, { prefix: apiPrefix });
  await app.register(openApiRoutes, { prefix: apiPrefix });
  await app.register(runtimeConfigRoutes);
  for (const plugin of plugins) await app.register(plugin);

  // Last: its catch-all GET only gets what no route above claimed.
  await app.register(staticFiles, { staticDir: config.staticDir });
}
