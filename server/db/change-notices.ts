/**
 * Change notices: how a process learns that data it caches has changed, whoever changed it.
 *
 * The database publishes them itself (migration 0009: triggers that pg_notify on the channel
 * 'change_notices'), so no write path can forget: an admin route, a sign-out, a seed or a test's
 * direct update all announce alike. NOTIFY is transactional, so a notice is heard only once its
 * write is committed, and never for a rollback. Two notices exist:
 *   'catalogue'          a table the public catalogue or the rating catalogue reads changed;
 *   'sessions:<userId>'  a session of that user may have ended, or the user's role changed or
 *                        the user is gone.
 *
 * How they are heard:
 * - PGlite (one process by construction: the data directory is locked to it) delivers its own
 *   notifications in-process, before the promise of the committing query resolves. So PGlite's
 *   listen is all it takes, and a change is seen by the very next request.
 * - PostgreSQL: (1) every pool connection LISTENs and hands on the notices its own writes raise:
 *   PostgreSQL delivers a session's own notices before it reports the commit, so the writing
 *   process evicts synchronously, before it even answers the write; (2) one dedicated connection
 *   LISTENs for everyone else's (other processes: within NOTIFY delivery latency). It reconnects
 *   on its own; while it is down, notices may be lost, so every cache is cleared and bypassed
 *   (`live` is false), and cleared again once it is back.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export const NOTICE_CHANNEL = 'change_notices';

export type Notice = { kind: 'catalogue' } | { kind: 'sessions'; userId: number };

/** What the triggers send; anything else on the channel is ignored. */
export function parseNotice(payload: string | undefined): Notice | undefined {
  if (payload === 'catalogue') return { kind: 'catalogue' };
  const user = /^sessions:(\d{1,15})$/.exec(payload ?? '');
  if (user) return { kind: 'sessions', userId: Number(user[1]) };
  return undefined;
}

export type NoticeHandlers = {
  notice(notice: Notice): void;
  /** False: notices may be being missed (trust no cache); true: heard again (caches start afresh). */
  connected(up: boolean): void;
};

/** Where the notices of one database come from; made with the connection (server/db/connection.ts). */
export interface NoticeSource {
  /** Starts hearing; resolves with a stop function once hearing (or, on PostgreSQL, trying to). */
  start(handlers: NoticeHandlers, log: FastifyBaseLogger): Promise<() => Promise<void>>;
}

export function pgliteNoticeSource(client: PGlite): NoticeSource {
  return {
    async start(handlers) {
      const unlisten = await client.listen(NOTICE_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice) handlers.notice(notice);
      });
      handlers.connected(true);
      return async () => {
        // Closed with the database already when the app shuts down: nothing left to stop.
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
  };
}

export const LISTENER_APPLICATION_NAME = 'change-notices-listener';

/** How often the dedicated connection proves it is still there, and how long it may take. */
export const LISTENER_HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * For PostgreSQL: `onConnect` goes to the pool (pg-pool's hook, awaited before a new connection
 * is handed out), so each connection LISTENs before its first use and hears its own writes'
 * notices before their commit returns. The dedicated connection skips notices raised by those
 * connections (by backend process id): this process has already acted on them, and acting twice
 * would only empty a cache that was just refilled.
 */
export function postgresNoticeSource(
  connectionString: string,
  connectionTimeoutMs: number,
): NoticeSource & { onConnect(client: pg.ClientBase): Promise<void> } {
  let handlers: NoticeHandlers | undefined;
  /** Backend process ids of this process's pool connections that listen. */
  const own = new Set<number>();

  async function onConnect(client: pg.ClientBase): Promise<void> {
    const pid = (client as unknown as { processID: number }).processID;
    client.on('notification', (message) => {
      if (message.channel !== NOTICE_CHANNEL || message.processId !== pid) return;
      const notice = parseNotice(message.payload);
      if (notice) handlers?.notice(notice);
    });
    try {
      await client.query(`LISTEN ${NOTICE_CHANNEL}`);
    } catch {
      // Not its own hearer then: the dedicated connection hears this one's notices, a moment later.
      // Not thrown: the pool would refuse the connection, and the query waiting for it.
      return;
    }
    own.add(pid);
    client.once('end', () => own.delete(pid));
  }

  return {
    onConnect,
    async start(given, log) {
      handlers = given;
      let stopped = false;
      let current: pg.Client | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let retry: NodeJS.Timeout | undefined;
      let delay = RECONNECT_MIN_MS;

      const lost = (client: pg.Client, error?: Error) => {
        if (current !== client) return;
        current = undefined;
        clearInterval(heartbeat);
        given.connected(false);
        if (stopped) return;
        log.warn({ err: error }, 'Change notices: listening connection lost; caches bypassed until it is back');
        client.end().catch(() => undefined);
        retry = setTimeout(() => void connect(), delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      };

      const connect = async () => {
        const client = new pg.Client({
          connectionString,
          keepAlive: true,
          connectionTimeoutMillis: connectionTimeoutMs,
          // Named in pg_stat_activity: an operator (or a test) can tell it from the pool's.
          application_name: LISTENER_APPLICATION_NAME,
        });
        current = client;
        client.on('notification', (message) => {
          if (message.channel !== NOTICE_CHANNEL || own.has(message.processId)) return;
          const notice = parseNotice(message.payload);
          if (notice) given.notice(notice);
        });
        client.on('error', (error) => lost(client, error));
        client.on('end', () => lost(client));
        try {
          await client.connect();
          await client.query(`LISTEN ${NOTICE_CHANNEL}`);
        } catch (error) {
          lost(client, error as Error);
          return;
        }
        if (current !== client) return;
        delay = RECONNECT_MIN_MS;
        given.connected(true);
        // A silently broken link (no FIN, no error) would otherwise look live for ever.
        heartbeat = setInterval(() => {
          const timeout = setTimeout(() => lost(client, new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
          client.query('select 1').then(
            () => clearTimeout(timeout),
            (error: Error) => {
              clearTimeout(timeout);
              lost(client, error);
            },
          );
        }, LISTENER_HEARTBEAT_MS);
        heartbeat.unref();
      };

      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        clearInterval(heartbeat);
        const client = current;
        current = undefined;
        handlers = undefined;
        await client?.end().catch(() => undefined);
      };
    },
  };
}

type Listener = (event: Notice | 'reset') => void;

/**
 * The bus of one app instance: whether notices are being heard (`live`), and who wants them.
 * 'reset' tells subscribers to forget everything (the connection went down or came back).
 */
export class ChangeNotices {
  #live = false;
  readonly #listeners = new Set<Listener>();

  /** True while no notice can be missed: only then may a cache answer from memory. */
  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What a NoticeSource calls. */
  readonly handlers: NoticeHandlers = {
    notice: (notice) => this.#emit(notice),
    connected: (up) => {
      this.#live = up;
      // Cleared on the way down and again on the way up: whatever was filled in between came
      // from reads that no notice would have corrected.
      this.#emit('reset');
    },
  };

  #emit(event: Notice | 'reset'): void {
    for (const listener of this.#listeners) listener(event);
  }
}

export type NoticedCacheOptions = {
  bus: ChangeNotices;
  /** The notices that concern it. */
  kind: Notice['kind'];
  /** A bound: past it the least recently used entry goes. */
  maxEntries: number;
};

/**
 * A map of promises that notices invalidate: concurrent misses share one load; a load that
 * fails, or whose value `keep` refuses, is not kept. Storing the promise when the load starts
 * makes it sound against a notice arriving mid-load: the notice removes the pending entry, so a
 * value read before a commit is never kept after that commit's notice.
 *
 * Entries may carry a group (a user id): a 'sessions:<id>' notice evicts that group only.
 */
export class NoticedCache<V> {
  readonly stats = { hits: 0, loads: 0 };
  readonly #entries = new Map<string, { value: Promise<V>; group: number | undefined }>();
  readonly #groups = new Map<number, Set<string>>();
  readonly #bus: ChangeNotices;
  readonly #maxEntries: number;
  readonly #unsubscribe: () => void;

  constructor({ bus, kind, maxEntries }: NoticedCacheOptions) {
    this.#bus = bus;
    this.#maxEntries = maxEntries;
    this.#unsubscribe = bus.subscribe((event) => {
      if (event === 'reset') this.clear();
      else if (event.kind === kind) {
        if (event.kind === 'sessions') this.evictGroup(event.userId);
        else this.clear();
      }
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, load: () => Promise<V>, options: { group?: number; keep?: (value: V) => boolean } = {}): Promise<V> {
    // Notices may be going unheard: answer from the database, keep nothing.
    if (!this.#bus.live) {
      this.stats.loads++;
      return load();
    }
    const cached = this.#entries.get(key);
    if (cached) {
      this.stats.hits++;
      // Least recently used first: a hit moves to the back.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached.value;
    }
    this.stats.loads++;
    while (this.#entries.size >= this.#maxEntries) this.#delete(this.#entries.keys().next().value!);
    const value = load();
    const entry = { value, group: options.group };
    this.#entries.set(key, entry);
    if (entry.group !== undefined) {
      const keys = this.#groups.get(entry.group) ?? new Set<string>();
      keys.add(key);
      this.#groups.set(entry.group, keys);
    }
    const forget = () => {
      if (this.#entries.get(key) === entry) this.#delete(key);
    };
    value.then((result) => {
      if (options.keep && !options.keep(result)) forget();
    }, forget);
    return value;
  }

  clear(): void {
    this.#entries.clear();
    this.#groups.clear();
  }

  evictGroup(group: number): void {
    for (const key of this.#groups.get(group) ?? []) this.#entries.delete(key);
    this.#groups.delete(group);
  }

  /** Stops listening (the app is closing). */
  dispose(): void {
    this.#unsubscribe();
    this.clear();
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (entry?.group === undefined) return;
    const keys = this.#groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.#groups.delete(entry.group);
  }
}
