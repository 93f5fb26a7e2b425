/**
 * The application domain's SQL: what the signed record names beside the order (speciality,
 * state, the insured's names) and the signatures kept of it. Each function is one statement
 * answering plain rows; what is signed and when is application-record.ts's and signatures.ts's.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Queryable, Transaction } from '@server/db/connection';
import { applicationSignatures, specialities, usStates, users } from '@server/db/schema';

export type SignatureRow = typeof applicationSignatures.$inferSelect;

/** The speciality's and state's names and the user's names and company; undefined when the speciality or user is missing. */
export async function recordNames(db: Queryable, specialityId: number, userId: number, stateCode: string) {
  const [facts] = await db
    .select({
      speciality: specialities.name,
      stateName: usStates.name,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.companyName,
    })
    .from(specialities)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(usStates, eq(usStates.code, stateCode))
    .where(eq(specialities.id, specialityId));
  return facts;
}

/** The order's newest signature. */
export async function newestSignature(db: Queryable, submissionId: number): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationSignatures)
    .where(eq(applicationSignatures.submissionId, submissionId))
    .orderBy(desc(applicationSignatures.id))
    .limit(1);
  return row;
}

/** Those of these orders that have a signature. */
export async function ordersWithSignature(db: Queryable, submissionIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: applicationSignatures.submissionId })
    .from(applicationSignatures)
    .where(inArray(applicationSignatures.submissionId, [...submissionIds]));
  return rows.map((row) => row.id);
}

export async function insertSignature(
  tx: Transaction,
  values: typeof applicationSignatures.$inferInsert,
): Promise<SignatureRow> {
  const [row] = await tx.insert(applicationSignatures).values(values).returning();
  return row!;
}
