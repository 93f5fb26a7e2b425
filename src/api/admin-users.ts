import * as v from 'valibot';
import { http } from '@/api/client';
import {
  adminUserSchema,
  auditListSchema,
  userListSchema,
  type AdminUser,
  type AuditEntry,
  type Role,
  type UserList,
} from '@shared/contract/admin-users';

/**
 * Users and the audit log for administrators (shared/contract/admin-users.ts): role admin only.
 * Changing one's own role is a 409; a broker's user needs an active broker (400 naming brokerId).
 */

export interface UserFilters {
  q?: string | undefined;
  role?: Role | undefined;
  page?: number | undefined;
}

const definedParams = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );

/** GET admin/users: newest first, 50 a page. */
export async function listUsers(filters: UserFilters): Promise<UserList> {
  return v.parse(
    userListSchema,
    await http()
      .get('admin/users', { searchParams: definedParams({ ...filters }) })
      .json(),
  );
}

/** PUT admin/users/{id}/role. */
export async function changeRole(id: number, role: Role, brokerId: number | null): Promise<AdminUser> {
  return v.parse(adminUserSchema, await http().put(`admin/users/${id}/role`, { json: { role, brokerId } }).json());
}

/** PUT admin/users/{id}/unlock: lifts the lock of too many wrong passwords. */
export async function unlockUser(id: number): Promise<AdminUser> {
  return v.parse(adminUserSchema, await http().put(`admin/users/${id}/unlock`).json());
}

export interface AuditFilters {
  entity?: string | undefined;
  entityId?: string | undefined;
  page?: number | undefined;
}

/** GET admin/audit: newest first, 50 a page. */
export async function auditLog(
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; page: number; pageSize: number }> {
  return v.parse(
    auditListSchema,
    await http()
      .get('admin/audit', { searchParams: definedParams({ ...filters }) })
      .json(),
  );
}
