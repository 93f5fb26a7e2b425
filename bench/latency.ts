import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../scripts/server-process';
import { BENCH_PASSWORD, nextIp, quotedOrder, signUp } from './api';
import { percentile, report, say, settings } from './figures';
import { failures, pacedLoad, type KindResult, type PacedRequest } from './paced-load';

/**
 * Signed-in reads at a fixed rate (bench/paced-load.ts: open loop, latency from when each request
 * was due): GET dashboard/submissiondetails with a bearer token, for an insured with one quoted
 * order — on the embedded PGlite (the default start) and on PostgreSQL (a fresh database created
 * for the run and dropped after it).
 *
 * The sign-in mix: the same reads at the same rate, alone and with sign-ins added so that 15 % of
 * all requests are sign-ins (POST auth/generate-token, right password), in ABBA order (alone,
 * mixed, mixed, alone, `rounds` times). Latencies are pooled per kind over the runs of each kind.
 * The server's per-address limit (20 sign-ins a minute, 20 sign-ups in 10 minutes;
 * server/auth/rate-limit.ts, no setting raises it) would refuse such a rate from one address, so
 * these servers run with TRUST_PROXY=true and each sign-in and sign-up carries an X-Forwarded-For
 * of its own; reads carry none. The per-account limit (10 a minute) is kept by taking the accounts
 * in turn, enough of them that none signs in more than 8 times a minute.
 */
export const SIGN_IN_SHARE = 0.15;
export const MIX_GOAL = 3;
const READ_PATH = '/api/weborder/dashboard/submissiondetails';

export async function latencySection(databases: readonly ('pglite' | 'postgres')[]): Promise<void> {
  for (const database of databases) {
    if (database === 'pglite') {
      const server = await startServer({ compiled: true, env: { TRUST_PROXY: 'true' } });
      await measure('PGlite', server, () => server.stop());
    } else {
      const db = await createDatabase();
      let server: RunningServer;
      try {
        server = await startServer({ compiled: true, env: { TRUST_PROXY: 'true', DATABASE_URL: db.url } });
      } catch (error) {
        await db.drop();
        throw error;
      }
      await measure('PostgreSQL', server, async () => {
        try {
          await server.stop();
        } finally {
          await db.drop();
        }
      });
    }
  }
}

async function measure(label: string, server: RunningServer, stop: () => Promise<void>): Promise<void> {
  try {
    await measureOn(label, server.url);
  } finally {
    await stop();
  }
}

async function measureOn(label: string, baseUrl: string): Promise<void> {
  const { rate, latencySeconds: seconds, rounds } = settings;
  const reader = await signUp(baseUrl, nextIp());
  await quotedOrder(baseUrl, reader.token);
  const read: PacedRequest = {
    kind: 'read',
    method: 'GET',
    path: READ_PATH,
    headers: { authorization: `Bearer ${reader.token}` },
  };

  const mixedRate = rate / (1 - SIGN_IN_SHARE);
  const signInRate = mixedRate - rate;
  const accountCount = Math.ceil((signInRate * 60) / 8) + 1;
  const accounts: string[] = [];
  // Two at a time: each sign-up is a password hash.
  for (let i = 0; i < accountCount; i += 2) {
    const batch = await Promise.all([
      signUp(baseUrl, nextIp()),
      ...(i + 1 < accountCount ? [signUp(baseUrl, nextIp())] : []),
    ]);
    accounts.push(...batch.map((session) => session.user.email));
  }
  let nextAccount = 0;
  const signIn = (): PacedRequest => ({
    kind: 'sign-in',
    method: 'POST',
    path: '/api/weborder/auth/generate-token',
    headers: { 'x-forwarded-for': nextIp() },
    body: JSON.stringify({
      username: accounts[nextAccount++ % accounts.length],
      password: BENCH_PASSWORD,
      params: { rememberMe: false },
    }),
  });
  // Slot i is a sign-in when it carries the running share of 15 % past a whole number.
  const isSignIn = (i: number) => Math.floor((i + 1) * SIGN_IN_SHARE) > Math.floor(i * SIGN_IN_SHARE);

  const alone: KindResult[] = [];
  const mixedReads: KindResult[] = [];
  const signIns: KindResult[] = [];
  let worstLag = 0;
  const readsAlone = async () => {
    const result = await pacedLoad(baseUrl, { rate, seconds, next: () => read });
    worstLag = Math.max(worstLag, result.worstSendLagMs);
    const reads = result.byKind.get('read')!;
    const bad = failures(reads);
    if (bad) throw new Error(`${label}, signed-in reads: ${bad}`);
    alone.push(reads);
  };
  const readsWithSignIns = async () => {
    const result = await pacedLoad(baseUrl, { rate: mixedRate, seconds, next: (i) => (isSignIn(i) ? signIn() : read) });
    worstLag = Math.max(worstLag, result.worstSendLagMs);
    const reads = result.byKind.get('read')!;
    const badReads = failures(reads);
    if (badReads) throw new Error(`${label}, signed-in reads beside sign-ins: ${badReads}`);
    const signInResult = result.byKind.get('sign-in')!;
    // A sign-in refused as busy (503, or 429 with Retry-After) is the server shedding load: counted, not an error.
    const badSignIns = failures(signInResult, (status) => status === 503 || status === 429);
    if (badSignIns) throw new Error(`${label}, sign-ins: ${badSignIns}`);
    mixedReads.push(reads);
    signIns.push(signInResult);
  };

  // Warm-up (JIT, pools), not counted.
  await pacedLoad(baseUrl, { rate, seconds: 2, next: () => read });
  for (let round = 0; round < rounds; round++) {
    await readsAlone();
    await readsWithSignIns();
    await readsWithSignIns();
    await readsAlone();
  }

  const pooled = (results: KindResult[]) => results.flatMap((result) => result.latenciesMs);
  const aloneMs = pooled(alone);
  const mixedMs = pooled(mixedReads);
  const signInMs = pooled(signIns);
  const refused = signIns.reduce(
    (sum, result) => sum + (result.statuses.get(503) ?? 0) + (result.statuses.get(429) ?? 0),
    0,
  );
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  report({
    section: 'latency',
    name: `signed-in read at ${rate}/s, ${label}`,
    value: `p50 ${ms(percentile(aloneMs, 50))}, p99 ${ms(percentile(aloneMs, 99))}`,
    goal: '',
    note: `GET dashboard/submissiondetails, ${aloneMs.length} reads in ${alone.length} runs × ${seconds} s`,
  });
  const ratio = percentile(mixedMs, 99) / percentile(aloneMs, 99);
  report({
    section: 'latency',
    name: `signed-in read p99 with 15 % sign-ins / alone, ${label}`,
    value: `${ratio.toFixed(2)}× (${ms(percentile(mixedMs, 99))} / ${ms(percentile(aloneMs, 99))})`,
    goal: `≤ ${MIX_GOAL}×`,
    met: ratio <= MIX_GOAL,
    note: `with sign-ins p50 ${ms(percentile(mixedMs, 50))}`,
  });
  say(
    `sign-ins: ${signInRate.toFixed(1)}/s beside ${rate} reads/s (${Math.round(SIGN_IN_SHARE * 100)} % of ${mixedRate.toFixed(1)} requests/s), ` +
      `${signInMs.length} answered, p50 ${ms(percentile(signInMs, 50))}, p99 ${ms(percentile(signInMs, 99))}; ` +
      `${refused} refused as busy; ${accounts.length} accounts in turn; generator's worst send lag ${ms(worstLag)}` +
      (worstLag > 10 ? ' (the bench process itself fell behind: a busy machine; that delay is in the latencies)' : ''),
  );
}

/** A fresh database on the local PostgreSQL (BENCH_POSTGRES_URL, default postgres@127.0.0.1:5432), dropped after. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
