/**
 * Administration of users (issue 9): find them, change a role, lift a lock. Each change is
 * written with its audit entry in one transaction; a change that changes nothing writes nothing
 * (a retried request answers the same).
 */
import { USERS_PAGE_SIZE, type AdminUser, type Role, type UserList } from '@shared/contract/admin-users';
import { recordAudit } from '@server/admin/audit';
import {
  brokerIsActive,
  lockUserEmail,
  lockUsersInOrder,
  setUserRole,
  userCount,
  userRow,
  userRows,
  type UserRow,
} from '@server/admin/user-queries';
import { accountKey } from '@server/auth/rate-limit';
import { bucketsWithKeys, deleteBucket } from '@server/auth/rate-limit-queries';
import { forgetFailures, lockKey } from '@server/auth/sign-in';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { badRequest, conflict, forbidden, notFound } from '@server/http/http-error';

export type AdminDeps = { db: Database; clock: Clock };

const noSuchUser = () => notFound('No such user');

/** The end of each lock wrong passwords put on these accounts, by address, when still on (kept by hashed address with the sign-in limits). */
async function locksOf(db: Queryable, emails: readonly string[], now: Date): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const keys = new Map(emails.map((email) => [lockKey(email), email]));
  const rows = await bucketsWithKeys(db, [...keys.keys()]);
  return new Map(rows.filter((row) => row.resetAt > now).map((row) => [keys.get(row.key)!, row.resetAt.toISOString()]));
}

async function lockedUntil(db: Queryable, email: string, now: Date): Promise<string | null> {
  return (await locksOf(db, [email], now)).get(email) ?? null;
}

function wire(row: UserRow, locks: Map<string, string>): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    role: row.role,
    broker: row.brokerId === null || row.brokerName === null ? null : { id: row.brokerId, name: row.brokerName },
    lockedUntil: locks.get(row.email) ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(
  deps: AdminDeps,
  query: { q?: string | undefined; role?: Role | undefined; page: number },
): Promise<UserList> {
  const rows = await userRows(deps.db, query, USERS_PAGE_SIZE, (query.page - 1) * USERS_PAGE_SIZE);
  const total = await userCount(deps.db, query);
  const now = deps.clock.now();
  const locks = await locksOf(
    deps.db,
    rows.map((row) => row.email),
    now,
  );
  return { users: rows.map((row) => wire(row, locks)), total, page: query.page, pageSize: USERS_PAGE_SIZE };
}

export async function getUser(deps: AdminDeps, id: number): Promise<AdminUser> {
  const row = await userRow(deps.db, id);
  if (!row) throw noSuchUser();
  return wire(row, await locksOf(deps.db, [row.email], deps.clock.now()));
}

export async function changeRole(
  deps: AdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  change: { role: Role; brokerId: number | null },
): Promise<AdminUser> {
  if (id === actor.id)
    throw conflict('You cannot change your own role: ask another administrator', { role: 'is your own' });
  if (change.role === 'broker' && change.brokerId === null)
    throw badRequest('A broker’s user needs the broker they work for', { brokerId: 'is required for role broker' });
  if (change.role !== 'broker' && change.brokerId !== null) {
    throw badRequest('Only a broker’s user is given a broker here', {
      brokerId: `is only for role broker, not ${change.role}`,
    });
  }
  await deps.db.transaction(async (tx) => {
    // Both rows locked, in id order (one lock order: no deadlock between two administrators).
    const locked = await lockUsersInOrder(tx, [actor.id, id]);
    // Demoted meanwhile by another administrator (who may be the one demoted here): no longer
    // theirs to do. With "never your own role", two administrators can never demote each other.
    if (locked.find((row) => row.id === actor.id)?.role !== 'admin') throw forbidden();
    const user = locked.find((row) => row.id === id);
    if (!user) throw noSuchUser();
    if (change.brokerId !== null) {
      if (!(await brokerIsActive(tx, change.brokerId)))
        throw badRequest('No such broker, or it is deactivated', { brokerId: 'is not an active broker' });
    }
    // A broker's user leaving the role leaves the broker too (their own quotes would be credited
    // to it); other roles keep the broker an insured came through.
    const brokerId = change.role === 'broker' ? change.brokerId : user.role === 'broker' ? null : user.brokerId;
    if (user.role === change.role && user.brokerId === brokerId) return;
    const now = deps.clock.now();
    await setUserRole(tx, id, change.role, brokerId, now);
    await recordAudit(tx, actor, ip, now, {
      action: 'user.role',
      entity: 'user',
      entityId: id,
      data: { from: { role: user.role, brokerId: user.brokerId }, to: { role: change.role, brokerId } },
    });
  });
  return getUser(deps, id);
}

export async function unlockUser(deps: AdminDeps, actor: AuthUser, ip: string, id: number): Promise<AdminUser> {
  await deps.db.transaction(async (tx) => {
    const email = await lockUserEmail(tx, id);
    if (email === undefined) throw noSuchUser();
    const now = deps.clock.now();
    const until = await lockedUntil(tx, email, now);
    // Not locked (or no longer): nothing to lift, nothing recorded.
    if (!until) return;
    await forgetFailures(tx, email);
    // The minute's count of attempts goes too: lifted by an administrator, the lock is lifted now.
    await deleteBucket(tx, accountKey('sign-in', email));
    await recordAudit(tx, actor, ip, now, {
      action: 'user.unlock',
      entity: 'user',
      entityId: id,
      data: { lockedUntil: until },
    });
  });
  return getUser(deps, id);
}
