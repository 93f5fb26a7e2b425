import Fastify from 'fastify';

/**
 * The baseline: bare Fastify routes answering fixed JSON bodies, no database, no validation.
 * BARE_BODIES maps a name to the body `/bare/{name}` answers, to GET and to POST alike, so each
 * real route is compared with a bare one sending the same bytes.
 */
const port = Number(process.env.PORT);
const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(bodies)) {
  const answer = async (_request: unknown, reply: { type(t: string): { send(b: string): unknown } }) => reply.type('application/json').send(body);
  app.get(`/bare/${name}`, answer);
  app.post(`/bare/${name}`, answer);
}
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
