/**
 * Answers that browsers may keep but must revalidate: a weak ETag (a hash of the body) and
 * `Cache-Control: public, max-age=0, must-revalidate`, so a browser that sends the tag back in
 * If-None-Match gets a bodiless 304 while nothing changed, and the new body the moment it did.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type TaggedBody<T> = { body: T; etag: string };

export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Hashed once, when the body is made (and cached), not on every answer. Weak (W/): the same
 * content goes out as brotli, gzip or plain bytes (server/plugins/compression.ts), and a strong
 * tag would have to differ for each of those byte sequences.
 */
export function tagged<T>(body: T): TaggedBody<T> {
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return { body, etag: `W/"${digest.slice(0, 32)}"` };
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x"; `*` matches anything. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === opaque(etag);
  });
}

/** The body for the route to send, or the reply once a 304 has gone. */
export function answerTagged<T>(request: FastifyRequest, reply: FastifyReply, answer: TaggedBody<T>): T | FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', REVALIDATE);
  if (noneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return answer.body;
}

/** For the OpenAPI description of a route answered this way. */
export const CACHED = 'Answered with a weak ETag; revalidate with If-None-Match (304 while unchanged).';
