/**
 * The payment provider of PAYMENT_PROVIDER as `app.payments`: the built-in sandbox (default),
 * or Stripe Checkout (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE). With the
 * sandbox, `app.sandbox` is the same object, for its checkout page.
 */
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import { namedPlugin } from '@server/plugins/named-plugin';
import type { PaymentProvider } from '@server/payments/provider';
import { SandboxProvider, sandboxWebhookSecret } from '@server/payments/sandbox-provider';
import { stripeProvider } from '@server/payments/stripe-provider';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    /** Set only when PAYMENT_PROVIDER is sandbox. */
    sandbox: SandboxProvider | null;
  }
}

/** The API's absolute base, where the sandbox's checkout page and the webhook live. */
export const publicApiUrl = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/weborder`;

export const paymentsPlugin = namedPlugin<{ config: Config; clock: Clock }>(
  'payments',
  async (app, { config, clock }) => {
    if (config.paymentProvider === 'stripe') {
      app.decorate('sandbox', null);
      app.decorate(
        'payments',
        stripeProvider({
          secretKey: config.stripe.secretKey!,
          webhookSecret: config.stripe.webhookSecret!,
          apiBase: config.stripe.apiBase,
          clock,
        }),
      );
      return;
    }
    const sandbox = new SandboxProvider(app.db, clock, publicApiUrl(config), sandboxWebhookSecret(config.authSecret!));
    app.decorate('sandbox', sandbox);
    app.decorate('payments', sandbox);
  },
  ['database'],
);
