import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify answering fixed bytes, no database, no validation. BARE_ANSWERS_FILE
 * holds a list of { method, path, status, headers, body (base64) }: each is served at the same
 * method and path as the real route it copies, with the same status, headers and body bytes, so
 * a load run against it sends the same request and reads the same answer — the ratio then
 * measures what the route adds. A POST's JSON body is parsed (as the real route's is) and dropped.
 */
interface Answer {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const port = Number(process.env.PORT);
const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS_FILE!, 'utf8')) as Answer[];
const app = Fastify({ logger: false });
for (const answer of answers) {
  const body = Buffer.from(answer.body, 'base64');
  app.route({
    method: answer.method,
    url: answer.path,
    handler: async (_request, reply) => reply.code(answer.status).headers(answer.headers).send(body),
  });
}
app.get('/bare/ready', async () => 'ok');
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
