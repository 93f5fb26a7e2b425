import type { FastifyRequest } from 'fastify';
import { QUOTE_KEY_HEADER } from '@shared/contract/submissions';
import { authenticateIfPresent } from '@server/http/authenticate';
import type { SubmissionCaller } from '@server/submissions/access';
import { quoteKeyHash } from '@server/submissions/quote-keys';

/**
 * The caller of a public submission route: a bearer token is checked when sent (401 if bad), and
 * a visitor's x-quote-key is hashed. Read from the request here, at the HTTP edge, so that the
 * submissions domain does not import the authentication (it made an import cycle through
 * sessions, first records and plan locations).
 */
export async function submissionCaller(request: FastifyRequest): Promise<SubmissionCaller> {
  const user = await authenticateIfPresent(request);
  return { user, quoteKeyHash: quoteKeyHash(request.headers[QUOTE_KEY_HEADER]) };
}
