import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route answering a fixed JSON body of the given size, no database,
 * no validation. The bench reports the real route's throughput as a ratio of this one's.
 */
const port = Number(process.env.PORT);
const body = process.env.BARE_BODY ?? '[]';
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
