/**
 * Loads the demo catalogue, brokers, questions, rates and users. Idempotent: every insert is
 * ON CONFLICT DO NOTHING on a natural key, so a restart adds what is missing and leaves
 * everything else (including edits made since) alone.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '@server/auth/password';
import type { Database } from '@server/db/connection';
import {
  brokerSpecialities,
  brokers,
  paymentTerms,
  questions,
  rateTables,
  specialities,
  specialityCategories,
  usStates,
  users,
} from '@server/db/schema';
import { drawBrokerLogo } from '@server/db/seed/broker-logo';
import {
  demoBrokers,
  demoCategories,
  demoOfferedStates,
  demoPaymentTerms,
  demoSpecialities,
  demoUsers,
} from '@server/db/seed/demo-data';
import { generalQuestions, specialityQuestions, type DemoQuestion } from '@server/db/seed/demo-questions';
import { demoRateTables } from '@server/db/seed/demo-rates';
import { usStateList } from '@server/db/seed/us-states';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function byKey<T, K>(rows: T[], key: (row: T) => K, value: (row: T) => number) {
  return new Map(rows.map((row) => [key(row), value(row)]));
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: no ${what} ${String(key)}`);
  return value;
}

const questionRow = (specialityId: number | null, question: DemoQuestion, index: number) => ({
  specialityId,
  code: question.code,
  text: question.text,
  helpText: question.helpText ?? null,
  type: question.type,
  required: question.required ?? true,
  options: question.options ?? [],
  condition: question.condition ?? null,
  sortOrder: (index + 1) * 10,
});

async function seedCatalogue(tx: Tx): Promise<number> {
  let added = 0;
  added += (
    await tx
      .insert(specialityCategories)
      .values(demoCategories.map((c) => ({ ...c })))
      .onConflictDoNothing()
      .returning({ id: specialityCategories.id })
  ).length;
  const categoryIds = byKey(
    await tx.select().from(specialityCategories),
    (c) => c.name,
    (c) => c.id,
  );

  added += (
    await tx
      .insert(specialities)
      .values(
        demoSpecialities.map((s, index) => ({
          categoryId: need(categoryIds, s.category, 'category'),
          name: s.name,
          description: s.description,
          randomCode: s.code,
          sortOrder: (index + 1) * 10,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: specialities.id })
  ).length;

  const offered = new Set<string>(demoOfferedStates);
  added += (
    await tx
      .insert(usStates)
      .values(usStateList.map(([code, name]) => ({ code, name, offered: offered.has(code) })))
      .onConflictDoNothing()
      .returning({ id: usStates.id })
  ).length;

  added += (
    await tx
      .insert(paymentTerms)
      .values(demoPaymentTerms.map((t) => ({ ...t })))
      .onConflictDoNothing()
      .returning({ id: paymentTerms.id })
  ).length;
  return added;
}

async function seedBrokers(tx: Tx, specialityIds: Map<string, number>): Promise<number> {
  let added = (
    await tx
      .insert(brokers)
      .values(
        demoBrokers.map((b) => ({
          name: b.name,
          abbreviation: b.abbreviation,
          clientUrl: b.clientUrl,
          email: b.email,
          profileImage: drawBrokerLogo(b.colour, b.mark).toString('base64'),
          profileImageMime: 'image/png',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: brokers.id })
  ).length;
  const brokerIds = byKey(
    await tx.select({ id: brokers.id, clientUrl: brokers.clientUrl }).from(brokers),
    (b) => b.clientUrl,
    (b) => b.id,
  );
  added += (
    await tx
      .insert(brokerSpecialities)
      .values(
        demoBrokers.flatMap((b) =>
          b.specialities.map((s) => ({
            brokerId: need(brokerIds, b.clientUrl, 'broker'),
            specialityId: need(specialityIds, s.speciality, 'speciality'),
            randomCode: s.code,
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: brokerSpecialities.id })
  ).length;
  return added;
}

async function seedUnderwriting(tx: Tx, specialityIds: Map<string, number>): Promise<number> {
  const rows = [
    ...generalQuestions.map((q, i) => questionRow(null, q, i)),
    ...Object.entries(specialityQuestions).flatMap(([code, list]) =>
      list.map((q, i) => questionRow(need(specialityIds, code, 'speciality'), q, i)),
    ),
  ];
  let added = (await tx.insert(questions).values(rows).onConflictDoNothing().returning({ id: questions.id })).length;

  added += (
    await tx
      .insert(rateTables)
      .values(
        demoRateTables().map(({ specialityCode, ...table }) => ({
          ...table,
          specialityId: need(specialityIds, specialityCode, 'speciality'),
          version: 1,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: rateTables.id })
  ).length;
  return added;
}

async function seedUsers(tx: Tx): Promise<number> {
  const emails = demoUsers.map((u) => u.email.toLowerCase());
  const existing = new Set(
    (
      await tx
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    ).map((u) => u.email),
  );
  const missing = demoUsers.filter((u) => !existing.has(u.email.toLowerCase()));
  if (missing.length === 0) return 0;

  const brokerIds = byKey(
    await tx.select({ id: brokers.id, clientUrl: brokers.clientUrl }).from(brokers),
    (b) => b.clientUrl,
    (b) => b.id,
  );
  // Hash only for users that are actually missing: scrypt is deliberately slow.
  const rows = await Promise.all(
    missing.map(async (u) => ({
      email: u.email,
      passwordHash: await hashPassword(u.password),
      role: u.role,
      firstName: u.firstName,
      lastName: u.lastName,
      companyName: 'companyName' in u ? u.companyName : null,
      brokerId: 'brokerClientUrl' in u ? need(brokerIds, u.brokerClientUrl, 'broker') : null,
    })),
  );
  return (await tx.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id })).length;
}

export async function seedDemo(db: Database, log: FastifyBaseLogger): Promise<void> {
  const added = await db.transaction(async (tx) => {
    let count = await seedCatalogue(tx);
    const specialityIds = byKey(
      await tx.select({ id: specialities.id, code: specialities.randomCode }).from(specialities),
      (s) => s.code,
      (s) => s.id,
    );
    count += await seedBrokers(tx, specialityIds);
    count += await seedUnderwriting(tx, specialityIds);
    count += await seedUsers(tx);
    return count;
  });
  if (added > 0) log.info({ rows: added }, 'Demo data seeded');
}
