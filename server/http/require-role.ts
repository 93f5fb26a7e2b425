/**
 * Routes for some roles only (the underwriter's desk: underwriter or admin). Added as a
 * preValidation hook of the routes' plugin, it runs after defineRoute's authenticate (no or a
 * bad token stays a 401) and before the handler parses params, query or body: a caller of
 * another role learns nothing from a 400 or a 404, only that this is not theirs to do.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@server/auth/user';
import { forbidden, unauthorized } from '@server/http/http-error';

export const FORBIDDEN_DOC = 'Signed in, but with a role that may not do this';

/** The hook: 403 `You may not do this` for any other role. */
export function requireRole(...roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    // Only ever on routes that authenticate: a missing user means a public route was guarded by mistake.
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
  };
}

/** Guards every route the plugin `app` registers (Fastify's encapsulation keeps it to them). */
export function guardRoutes(app: FastifyInstance, ...roles: readonly Role[]): void {
  app.addHook('preValidation', requireRole(...roles));
}
