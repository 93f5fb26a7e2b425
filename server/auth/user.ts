/** Users as the auth routes see them, and their wire form (the contract's userSchema). */
import type { User } from '@shared/contract/auth';
import type { roles } from '@shared/contract/enums';

export type Role = (typeof roles)[number];

/** Set on the request by authenticate for non-public routes. */
export type AuthUser = { id: number; role: Role; sessionId: string };

// The users table's reads are user-queries.ts's; the auth routes still find a user through here.

export type UserRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
};

export const toWireUser = (user: UserRow): User => ({
  id: user.id,
  email: user.email,
  firstname: user.firstName ?? '',
  lastname: user.lastName ?? '',
  role: user.role,
});
