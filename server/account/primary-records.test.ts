/**
 * The primary rules of server/account/primary-records.ts, through the real API and database for
 * both kinds of record: random sequences of changes checked against a model after every step,
 * and changes fired at the same moment (which only PostgreSQL truly runs in parallel; CI runs
 * this file on both).
 */
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deletedSchema } from '@shared/contract/address';
import { contactListSchema, contactSchema } from '@shared/contract/contacts';
import { locationListSchema, locationSchema } from '@shared/contract/locations';
import { contacts, locations, planLocations, submissions } from '@server/db/schema';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

type AccountRecord = { id: number; isprimary: boolean } & Record<string, unknown>;

/** What differs between the two kinds, for the tests below. */
type Kind = {
  name: string;
  table: typeof contacts | typeof locations;
  list: string;
  save: string;
  remove: string;
  body(n: number): Record<string, unknown>;
  parse(value: unknown): AccountRecord;
  parseList(value: unknown): AccountRecord[];
  /** Makes the order use the record (names the contact; covers the location). */
  use(submissionId: number, id: number): Promise<void>;
};

const kinds: Kind[] = [
  {
    name: 'contacts',
    table: contacts,
    list: 'insured/contactlist',
    save: 'insured/saveupdatecontact',
    remove: 'insured/deletecontacts',
    body: (n) => ({
      firstname: `Pat${n}`,
      lastname: 'Lee',
      email: `pat${n}@example.com`,
      contactnumber: '512 555 0142',
    }),
    parse: (value) => v.parse(contactSchema, value),
    parseList: (value) => v.parse(contactListSchema, value),
    use: async (submissionId, id) => {
      await t.app.db.update(submissions).set({ contactId: id }).where(eq(submissions.id, submissionId));
    },
  },
  {
    name: 'locations',
    table: locations,
    list: 'insured/locationlist',
    save: 'insured/saveupdatelocation',
    remove: 'insured/deletelocation',
    body: (n) => ({ title: `Site ${n}`, address1: `${n} Main St`, city: 'Houston', state: 'TX', zipcode: '77002' }),
    parse: (value) => v.parse(locationSchema, value),
    parseList: (value) => v.parse(locationListSchema, value),
    use: async (submissionId, id) => {
      const address = { address1: '1 Main St', city: 'Houston', state: 'TX', zipcode: '77002' };
      // An order saved at the primary location's ZIP holds its copy already (a returning insured's quote).
      await t.app.db
        .insert(planLocations)
        .values({ submissionId, locationId: id, ...address, isPrimary: true })
        .onConflictDoNothing();
    },
  },
];

async function listOf(kind: Kind, insured: Insured): Promise<AccountRecord[]> {
  const response = await insured.call('GET', kind.list);
  expect(response.statusCode, response.body).toBe(200);
  return kind.parseList(response.json());
}

async function primariesInDb(kind: Kind, userId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(kind.table)
    .where(and(eq(kind.table.userId, userId), eq(kind.table.isPrimary, true)));
  return row!.n;
}

// ---------------------------------------------------------------------------------------------
// Random sequences against a model

type Step =
  | { op: 'add'; isprimary?: boolean }
  | { op: 'mark'; pick: number }
  | { op: 'unmark'; pick: number }
  | { op: 'unmark-primary' }
  | { op: 'edit'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'delete-primary' }
  | { op: 'delete-missing' };

const pick = fc.nat({ max: 20 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('add' as const) }),
  fc.record({ op: fc.constant('add' as const), isprimary: fc.boolean() }),
  fc.record({ op: fc.constant('mark' as const), pick }),
  fc.record({ op: fc.constant('unmark' as const), pick }),
  fc.record({ op: fc.constant('unmark-primary' as const) }),
  fc.record({ op: fc.constant('edit' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick }),
  fc.record({ op: fc.constant('delete-primary' as const) }),
  fc.record({ op: fc.constant('delete-missing' as const) }),
);

/** The insured's records as the rules say they must be: ids in creation order, and the primary. */
type Model = { ids: number[]; primary: number | null; deleted: number[] };

/** What the list must answer: the primary first, then the rest oldest first. */
const expectedOrder = (model: Model) =>
  model.primary === null ? [] : [model.primary, ...model.ids.filter((id) => id !== model.primary)];

/**
 * Runs one step against the API and the model. Answers whether the API refused it; a refused
 * step must leave the records exactly as they were (checked by the caller).
 */
async function runStep(kind: Kind, insured: Insured, model: Model, step: Step, serial: number): Promise<boolean> {
  const at = (n: number) => model.ids[n % model.ids.length]!;
  // Without records there is nothing to pick: the step aims at an id that is gone or never was.
  const missing = model.deleted.at(-1) ?? 2_000_000_000;
  const target = (n: number) => (model.ids.length ? at(n) : missing);
  const saveCall = (body: Record<string, unknown>) => insured.call('POST', kind.save, body);

  switch (step.op) {
    case 'add': {
      const response = await saveCall({
        ...kind.body(serial),
        ...(step.isprimary === undefined ? {} : { isprimary: step.isprimary }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const record = kind.parse(response.json());
      const becomesPrimary = step.isprimary === true || model.primary === null;
      expect(record.isprimary).toBe(becomesPrimary);
      model.ids.push(record.id);
      if (becomesPrimary) model.primary = record.id;
      return false;
    }
    case 'mark':
    case 'unmark':
    case 'edit': {
      const id = target(step.pick);
      const flag = step.op === 'mark' ? { isprimary: true } : step.op === 'unmark' ? { isprimary: false } : {};
      const response = await saveCall({ ...kind.body(serial), id, ...flag });
      if (!model.ids.includes(id)) {
        expect(response.statusCode, response.body).toBe(404);
        return true;
      }
      if (step.op === 'unmark' && id === model.primary) {
        expect(response.statusCode, response.body).toBe(409);
        return true;
      }
      expect(response.statusCode, response.body).toBe(200);
      if (step.op === 'mark') model.primary = id;
      expect(kind.parse(response.json()).isprimary).toBe(id === model.primary);
      return false;
    }
    case 'unmark-primary': {
      if (model.primary === null) return false;
      const response = await saveCall({ ...kind.body(serial), id: model.primary, isprimary: false });
      expect(response.statusCode, response.body).toBe(409);
      return true;
    }
    case 'delete':
    case 'delete-primary':
    case 'delete-missing': {
      const id =
        step.op === 'delete' ? target(step.pick) : step.op === 'delete-primary' ? (model.primary ?? missing) : missing;
      const response = await insured.call('DELETE', `${kind.remove}?id=${id}`);
      if (!model.ids.includes(id)) {
        expect(response.statusCode, response.body).toBe(404);
        return true;
      }
      expect(response.statusCode, response.body).toBe(200);
      model.ids = model.ids.filter((other) => other !== id);
      model.deleted.push(id);
      // The oldest remaining record takes over from a deleted primary.
      if (model.primary === id) model.primary = model.ids.length ? Math.min(...model.ids) : null;
      expect(v.parse(deletedSchema, response.json())).toEqual({ deletedId: id, primaryId: model.primary });
      return false;
    }
  }
}

describe.each(kinds)('$name: random sequences of changes keep the primary rules', (kind) => {
  it('after every step: exactly one primary when any exist, none when empty, the oldest promoted, refusals change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const insured = await newInsured(app);
        const model: Model = { ids: [], primary: null, deleted: [] };
        let serial = 0;
        let before = await listOf(kind, insured);
        for (const step of steps) {
          const refused = await runStep(kind, insured, model, step, ++serial);
          const after = await listOf(kind, insured);
          if (refused) expect(after, JSON.stringify(step)).toEqual(before);
          before = after;
          expect(
            after.map((record) => record.id),
            JSON.stringify(step),
          ).toEqual(expectedOrder(model));
          expect(after.filter((record) => record.isprimary).map((record) => record.id)).toEqual(
            model.primary === null ? [] : [model.primary],
          );
          expect(await primariesInDb(kind, insured.userId)).toBe(model.primary === null ? 0 : 1);
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// At the same moment

describe.each(kinds)('$name: changes at the same moment', (kind) => {
  async function addRecords(insured: Insured, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const response = await insured.call('POST', kind.save, kind.body(i));
      expect(response.statusCode, response.body).toBe(201);
      ids.push(kind.parse(response.json()).id);
    }
    return ids;
  }

  async function expectOnePrimary(insured: Insured): Promise<number> {
    const records = await listOf(kind, insured);
    const primaries = records.filter((record) => record.isprimary);
    expect(primaries).toHaveLength(1);
    expect(records[0]).toBe(primaries[0]);
    expect(await primariesInDb(kind, insured.userId)).toBe(1);
    return primaries[0]!.id;
  }

  it('ten "mark primary" calls on different records leave exactly one primary', async () => {
    const insured = await newInsured(app);
    const ids = await addRecords(insured, 10);
    const answers = await Promise.all(
      ids.map((id, i) => insured.call('POST', kind.save, { ...kind.body(i), id, isprimary: true })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(ids.map(() => 200));
    expect(ids).toContain(await expectOnePrimary(insured));
  });

  it('the first records saved at the same moment: exactly one becomes primary', async () => {
    const insured = await newInsured(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => insured.call('POST', kind.save, kind.body(i))),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 201));
    expect(answers.filter((response) => kind.parse(response.json()).isprimary)).toHaveLength(1);
    await expectOnePrimary(insured);
  });

  it('deleting the primary while others are marked primary leaves exactly one primary', async () => {
    const insured = await newInsured(app);
    const ids = await addRecords(insured, 6);
    const [primary, ...others] = ids;
    const answers = await Promise.all([
      insured.call('DELETE', `${kind.remove}?id=${primary}`),
      ...others.slice(0, 3).map((id, i) => insured.call('POST', kind.save, { ...kind.body(i), id, isprimary: true })),
      insured.call('DELETE', `${kind.remove}?id=${others[4]}`),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    const records = await listOf(kind, insured);
    expect(records.map((record) => record.id).sort((a, b) => a - b)).toEqual([
      others[0],
      others[1],
      others[2],
      others[3],
    ]);
    await expectOnePrimary(insured);
  });

  it('a delete while an order using the record is being bound waits for the binding, then is refused', async () => {
    const insured = await newInsured(app);
    const [id] = await addRecords(insured, 1);
    const order = await quotedOrder(app, insured);
    await kind.use(order.submissionId, id!);
    let deletion: Promise<LightMyRequestResponse> | undefined;
    await t.app.db.transaction(async (tx) => {
      await tx.update(submissions).set({ status: 'bound' }).where(eq(submissions.id, order.submissionId));
      deletion = insured.call('DELETE', `${kind.remove}?id=${id}`);
      // Time for the delete to reach the order's row and wait on it (one that starts later sees it bound anyway).
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const response = await deletion!;
    expect(response.statusCode, response.body).toBe(409);
    expect((await listOf(kind, insured)).map((record) => record.id)).toEqual([id]);
  });
});
