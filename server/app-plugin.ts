/**
 * The HTTP application, registered as one encapsulated plugin: its error and not-found
 * handlers govern every route inside it (extra plugins from tests included) and nothing else.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '@server/config';
import { errorHandler } from '@server/http/error-handler';
import { formBodies } from '@server/http/form-body';
import { notFoundHandler } from '@server/http/not-found';
import { uriLength } from '@server/http/uri-length';
import { compression } from '@server/plugins/compression';
import { staticFiles } from '@server/plugins/static-files';
import { adminBrokerRoutes } from '@server/routes/admin-brokers';
import { adminCatalogRoutes } from '@server/routes/admin-catalog';
import { adminJobRoutes } from '@server/routes/admin-jobs';
import { adminQuestionRoutes } from '@server/routes/admin-questions';
import { adminRateTableRoutes } from '@server/routes/admin-rate-tables';
import { adminUserRoutes } from '@server/routes/admin-users';
import { applicationSignatureRoutes } from '@server/routes/application-signature';
import { additionalInsuredRoutes } from '@server/routes/additional-insureds';
import { authRoutes } from '@server/routes/auth';
import { billingRoutes } from '@server/routes/billing';
import { brokerBookRoutes } from '@server/routes/broker-book';
import { brokerRoutes } from '@server/routes/brokers';
import { cancellationRoutes } from '@server/routes/cancellation';
import { renewalRoutes } from '@server/routes/renewal';
import { certificateRoutes } from '@server/routes/certificates';
import { claimRoutes } from '@server/routes/claims';
import { claimsDeskRoutes } from '@server/routes/claims-desk';
import { contactRoutes } from '@server/routes/contacts';
import { dashboardRoutes } from '@server/routes/dashboard';
import { documentRoutes } from '@server/routes/documents';
import { endorsementRoutes } from '@server/routes/endorsements';
import { feedbackRoutes } from '@server/routes/feedback';
import { fileRoutes } from '@server/routes/files';
import { healthRoutes } from '@server/routes/health';
import { brokerInstalmentRoutes, instalmentRoutes } from '@server/routes/instalments';
import { testHookRoutes } from '@server/routes/test-hooks';
import { lifecycleRoutes } from '@server/routes/lifecycle';
import { listRoutes } from '@server/routes/lists';
import { locationRoutes } from '@server/routes/locations';
import { openApiRoutes } from '@server/routes/openapi';
import { paymentWebhookRoutes } from '@server/routes/payment-webhooks';
import { planLocationRoutes } from '@server/routes/plan-locations';
import { primaryInsuredRoutes } from '@server/routes/primary-insured';
import { questionRoutes } from '@server/routes/questions';
import { ratingRoutes } from '@server/routes/rating';
import { runtimeConfigRoutes } from '@server/routes/runtime-config';
import { sandboxCheckoutRoutes } from '@server/routes/sandbox-checkout';
import { specialityRoutes } from '@server/routes/specialities';
import { submissionRoutes } from '@server/routes/submissions';
import { underwritingRoutes } from '@server/routes/underwriting';

export const apiPrefix = '/api/weborder';

export type AppPluginOptions = {
  config: Config;
  plugins: FastifyPluginAsync[];
};

export async function appPlugin(app: FastifyInstance, { config, plugins }: AppPluginOptions) {
  await app.register(errorHandler);
  await app.register(uriLength);
  await app.register(notFoundHandler, { staticDir: config.staticDir });
  formBodies(app);
  // Before the routes: it compresses the API answers of those registered after it.
  await app.register(compression);

  await app.register(healthRoutes, { prefix: apiPrefix });
  await app.register(specialityRoutes, { prefix: apiPrefix });
  await app.register(brokerRoutes, { prefix: apiPrefix });
  await app.register(listRoutes, { prefix: apiPrefix });
  await app.register(ratingRoutes, { prefix: apiPrefix });
  await app.register(authRoutes, { prefix: apiPrefix });
  await app.register(questionRoutes, { prefix: apiPrefix });
  await app.register(submissionRoutes, { prefix: apiPrefix });
  await app.register(additionalInsuredRoutes, { prefix: apiPrefix });
  await app.register(claimRoutes, { prefix: apiPrefix });
  await app.register(claimsDeskRoutes, { prefix: apiPrefix });
  await app.register(certificateRoutes, { prefix: apiPrefix });
  await app.register(endorsementRoutes, { prefix: apiPrefix });
  await app.register(cancellationRoutes, { prefix: apiPrefix });
  await app.register(renewalRoutes, { prefix: apiPrefix });
  await app.register(dashboardRoutes, { prefix: apiPrefix });
  await app.register(feedbackRoutes, { prefix: apiPrefix });
  await app.register(contactRoutes, { prefix: apiPrefix });
  await app.register(locationRoutes, { prefix: apiPrefix });
  await app.register(primaryInsuredRoutes, { prefix: apiPrefix });
  await app.register(planLocationRoutes, { prefix: apiPrefix });
  await app.register(lifecycleRoutes, { prefix: apiPrefix });
  await app.register(underwritingRoutes, { prefix: apiPrefix });
  await app.register(adminUserRoutes, { prefix: apiPrefix });
  await app.register(adminBrokerRoutes, { prefix: apiPrefix });
  await app.register(adminRateTableRoutes, { prefix: apiPrefix });
  await app.register(adminCatalogRoutes, { prefix: apiPrefix });
  await app.register(adminQuestionRoutes, { prefix: apiPrefix });
  await app.register(adminJobRoutes, { prefix: apiPrefix });
  await app.register(brokerBookRoutes, { prefix: apiPrefix });
  await app.register(instalmentRoutes, { prefix: apiPrefix });
  await app.register(brokerInstalmentRoutes, { prefix: apiPrefix });
  // Browser tests only (TEST_HOOKS, refused in production): without it these routes do not exist.
  if (config.testHooks) await app.register(testHookRoutes, { prefix: apiPrefix });
  await app.register(fileRoutes, { prefix: apiPrefix });
  await app.register(applicationSignatureRoutes, { prefix: apiPrefix });
  await app.register(billingRoutes, { prefix: apiPrefix });
  await app.register(paymentWebhookRoutes, { prefix: apiPrefix });
  await app.register(sandboxCheckoutRoutes, { prefix: apiPrefix });
  await app.register(documentRoutes, { prefix: apiPrefix });
  await app.register(openApiRoutes, { prefix: apiPrefix });
  await app.register(runtimeConfigRoutes);
  for (const plugin of plugins) await app.register(plugin);

  // Last: its catch-all GET only gets what no route above claimed.
  await app.register(staticFiles, { staticDir: config.staticDir });
}
