/**
 * Helpers for identity tests: calls from a client address of their own (so per-address rate
 * limits of one test don't spill into another), unique e-mail addresses, sign-up and sign-in,
 * and the mail outbox read back from its .eml files with a real MIME parser.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import PostalMime from 'postal-mime';
import * as v from 'valibot';
import { expect } from 'vitest';
import { sessionSchema, type Session, type SignUpRequest } from '@shared/contract/auth';
import { outboxDir } from '@server/mail/sender';

let lastIp = 0;
/** 10.x.y.z, never the same twice in a process. */
export function freshIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

export const STRONG_PASSWORD = 'Correct-Horse-42';

type Json = Record<string, unknown>;

/** A caller with one client address; `token` adds the bearer header. */
export function caller(app: () => FastifyInstance, ip = freshIp()) {
  const send = (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) =>
    app().inject({
      method,
      url: `/api/weborder/${url}`,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    ip,
    post: (url: string, body: unknown, token?: string) => send('POST', url, body, token),
    get: (url: string, token?: string) => send('GET', url, undefined, token),
  };
}
export type Caller = ReturnType<typeof caller>;

export function signUpBody(overrides: Partial<SignUpRequest> = {}): Json {
  return {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    firstname: 'Pat',
    lastname: 'Tester',
    companyname: 'Tester Dental',
    insuredtype: 'business',
    acceptTerms: true,
    ...overrides,
  };
}

/** Signs up a new insured; also returns the e-mail and password it used. */
export async function signUp(
  api: Caller,
  overrides: Partial<SignUpRequest> = {},
): Promise<Session & { email: string; password: string }> {
  const body = signUpBody(overrides);
  const response = await api.post('insured/save', body);
  expect(response.statusCode, response.body).toBe(201);
  const session = v.parse(sessionSchema, response.json());
  return { ...session, email: session.user.email, password: String(body.password) };
}

export async function signIn(api: Caller, username: string, password: string, rememberMe = false): Promise<Session> {
  const response = await api.post('auth/generate-token', { username, password, params: { rememberMe } });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(sessionSchema, response.json());
}

export type ReadMail = {
  file: string;
  id: number;
  from: string | undefined;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string | null; mimeType: string; content: string }[];
};

/** Every mail written to DATA_DIR/outbox, parsed, oldest first. */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails = await Promise.all(
    files.map(async (file) => {
      const parsed = await PostalMime.parse(await readFile(path.join(dir, file)), { attachmentEncoding: 'utf8' });
      return {
        file,
        id: Number(file.split('-')[0]),
        from: parsed.from && 'address' in parsed.from ? parsed.from.address : undefined,
        to: (parsed.to ?? []).flatMap((a) => (a.address ? [a.address] : [])),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
        headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
        attachments: parsed.attachments.map((a) => ({
          filename: a.filename,
          mimeType: a.mimeType,
          content: String(a.content),
        })),
      };
    }),
  );
  return mails.sort((a, b) => a.id - b.id);
}

/** Delivers the outbox, then returns the mails to `address` (case-insensitive), oldest first. */
export async function mailsTo(app: FastifyInstance, address: string): Promise<ReadMail[]> {
  await app.mail.flushOutbox();
  const all = await readOutbox(app.config.dataDir);
  return all.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReadMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S+`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}
