/**
 * For the API modules' tests: a loopback server the ky client is pointed at, answering from a
 * script and recording what arrived, so a test says exactly what the server answers and checks
 * exactly what was sent. Both lists are emptied before each test, in place.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureApi } from '@/api/client';

/** One answer: JSON of `body`, or its bytes as they are when it is a Buffer (a PDF). */
export type ScriptedAnswer = { status: number; body: unknown; headers?: OutgoingHttpHeaders };
export type ReceivedRequest = { request: IncomingMessage; body: string };

export function setupScriptedApi(): { script: ScriptedAnswer[]; received: ReceivedRequest[] } {
  const script: ScriptedAnswer[] = [];
  const received: ReceivedRequest[] = [];
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ request, body });
        const answer = script.shift() ?? { status: 500, body: { status: 500, message: 'Nothing scripted' } };
        const bytes = Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body);
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(bytes);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    script.length = 0;
    received.length = 0;
  });
  return { script, received };
}
