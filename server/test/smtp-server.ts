/**
 * A minimal SMTP server for tests (plain text, no TLS, no auth): enough of RFC 5321 for
 * nodemailer to deliver to it. `failNext(n)` makes the next n transactions fail with a 451.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  failNext(count: number): void;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          if (failures > 0) {
            failures -= 1;
            reply('451 4.3.0 try again later');
          } else {
            current = { from: line.slice(10).trim(), to: [], data: '' };
            reply('250 2.1.0 ok');
          }
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (count) => {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
