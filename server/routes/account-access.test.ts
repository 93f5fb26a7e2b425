/**
 * Issue 6's access-control proof: two insureds, and for every call on the insured's account one
 * of them tries to read, change or delete the other's records. Each attempt must be a 404 (or,
 * for lists, leave the other's records out), and afterwards every row the other owns is exactly
 * as it was. The test prints the calls it checked, and fails when an account route exists that
 * it does not check, so a new route cannot skip this.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/calendar';
import { contactSchema } from '@shared/contract/contacts';
import { locationSchema, planLocationsSchema } from '@shared/contract/locations';
import { additionalInsuredSchema } from '@shared/contract/additional-insureds';
import { claimAttachmentListSchema, claimSchema } from '@shared/contract/claims';
import { certificateSchema } from '@shared/contract/certificates';
import { endorsementSchema } from '@shared/contract/endorsements';
import type { ApplicationSignature } from '@shared/contract/application-signature';
import {
  additionalInsureds,
  applicationSignatures,
  certificates,
  claimMessages,
  claims,
  contacts,
  endorsements,
  feedback,
  files,
  locations,
  planLocations,
  policies,
  submissions,
  users,
} from '@server/db/schema';
import { bindForTest, newInsured, quotedOrder, type Insured, type Method } from '@server/test/account-helpers';
import { ACCOUNT_ROUTES } from '@server/test/account-routes';
import { signApplicationFor } from '@server/test/application-helpers';
import { multipartOf, pdfBytes } from '@server/files/test-files';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

type Attempt = {
  route: (typeof ACCOUNT_ROUTES)[number];
  what: string;
  method: Method;
  url: string;
  body?: unknown;
  form?: boolean;
  /** Sent with the body (a multipart upload's content type). */
  headers?: Record<string, string>;
  /** For lists: the answer must not contain the other's records (checked by this function). */
  expectList?: (body: unknown) => void;
};

type Victim = {
  contactId: number;
  locationId: number;
  orderId: number;
  planLocationId: number;
  boundOrderId: number;
  policyId: number;
  additionalInsuredId: number;
  boundAdditionalInsuredId: number;
  claimId: number;
  claimFileId: number;
  certificateId: number;
  endorsementId: number;
};

let mallory: Insured;
let victim: Insured;
let ids: Victim;
let malloryOrderId: number;
let malloryLocationId: number;
let victimSignature: ApplicationSignature;
/** An upload to the victim's claim, as a browser sends it. */
let claimUpload: { payload: Buffer; headers: Record<string, string> };
const checked: { call: string; what: string; status: number }[] = [];

async function ok(response: Awaited<ReturnType<Insured['call']>>, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as unknown;
}

/** Everything the victim owns, as stored: must be identical before and after the attempts. */
async function victimRows() {
  const db = t.app.db;
  const orderIds = [ids.orderId, ids.boundOrderId];
  return {
    user: await db.select().from(users).where(eq(users.id, victim.userId)),
    contacts: await db.select().from(contacts).where(eq(contacts.userId, victim.userId)).orderBy(contacts.id),
    locations: await db.select().from(locations).where(eq(locations.userId, victim.userId)).orderBy(locations.id),
    submissions: await db.select().from(submissions).where(inArray(submissions.id, orderIds)).orderBy(submissions.id),
    planLocations: await db
      .select()
      .from(planLocations)
      .where(inArray(planLocations.submissionId, orderIds))
      .orderBy(planLocations.id),
    additionalInsureds: await db
      .select()
      .from(additionalInsureds)
      .where(eq(additionalInsureds.userId, victim.userId))
      .orderBy(additionalInsureds.id),
    claims: await db.select().from(claims).where(eq(claims.userId, victim.userId)).orderBy(claims.id),
    claimMessages: await db
      .select()
      .from(claimMessages)
      .where(eq(claimMessages.claimId, ids.claimId))
      .orderBy(claimMessages.id),
    claimFiles: await db
      .select()
      .from(files)
      .where(and(eq(files.module, 'claim'), eq(files.moduleId, ids.claimId)))
      .orderBy(files.id),
    policies: await db.select().from(policies).where(eq(policies.userId, victim.userId)),
    certificates: await db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, victim.userId))
      .orderBy(certificates.id),
    feedback: await db.select().from(feedback).where(eq(feedback.userId, victim.userId)),
    endorsements: await db
      .select()
      .from(endorsements)
      .where(eq(endorsements.userId, victim.userId))
      .orderBy(endorsements.id),
    signatures: await db
      .select()
      .from(applicationSignatures)
      .where(inArray(applicationSignatures.submissionId, orderIds))
      .orderBy(applicationSignatures.id),
  };
}

beforeAll(async () => {
  [mallory, victim] = [await newInsured(app), await newInsured(app)];
  const contact = v.parse(
    contactSchema,
    await ok(
      await victim.call('POST', 'insured/saveupdatecontact', {
        firstname: 'Vera',
        lastname: 'Victim',
        email: 'vera@example.com',
        contactnumber: '512 555 0142',
      }),
      201,
    ),
  );
  const location = v.parse(
    locationSchema,
    await ok(
      await victim.call('POST', 'insured/saveupdatelocation', {
        title: 'Vera HQ',
        address1: '1 Main St',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
      }),
      201,
    ),
  );
  const order = await quotedOrder(app, victim);
  victimSignature = await signApplicationFor(victim, order.submissionId, 'Vera Victim');
  const plan = v.parse(
    planLocationsSchema,
    await ok(
      await victim.call('POST', 'insured/addlocation', {
        submissionid: order.submissionId,
        addLocationsIds: [location.id],
      }),
    ),
  );
  const additional = v.parse(
    additionalInsuredSchema,
    await ok(
      await victim.call('POST', 'insured/saveupdateadditionalinsured', {
        submissionId: order.submissionId,
        name: 'Landlord LLC',
      }),
      201,
    ),
  );
  const bound = await quotedOrder(app, victim);
  const boundAdditional = v.parse(
    additionalInsuredSchema,
    await ok(
      await victim.call('POST', 'insured/saveupdateadditionalinsured', {
        submissionId: bound.submissionId,
        name: 'Client Corp',
      }),
      201,
    ),
  );
  const policyId = await bindForTest(t.app, bound.submissionId);
  const claim = v.parse(
    claimSchema,
    await ok(
      await victim.call('POST', 'insured/reportclaim', {
        policyid: policyId,
        dateofloss: businessToday(new Date()),
        description: 'A patient says a crown failed.',
      }),
      201,
    ),
  );
  await ok(
    await victim.call('POST', 'insured/claimmessage', { claimid: claim.id, body: 'The crown failed again.' }),
    201,
  );
  const victimUpload = await multipartOf({ claimid: String(claim.id) }, [{ name: 'crown.pdf', bytes: pdfBytes() }]);
  const [claimFile] = v.parse(
    claimAttachmentListSchema,
    await ok(
      await victim.call('POST', 'insured/claimattachments', victimUpload.payload, { headers: victimUpload.headers }),
      201,
    ),
  );
  claimUpload = await multipartOf({ claimid: String(claim.id) }, [{ name: 'mine.pdf', bytes: pdfBytes('mine') }]);
  const certificate = v.parse(
    certificateSchema,
    await ok(
      await victim.call('POST', 'insured/issuecertificate', {
        policyid: policyId,
        holderName: 'Landlord LLC',
        address1: '1 Main St',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
      }),
      201,
    ),
  );
  const endorsement = v.parse(
    endorsementSchema,
    await ok(await victim.call('POST', 'insured/endorse', { policyid: policyId, deductibleCode: '2500' }), 201),
  );
  await ok(await victim.call('POST', 'insured/feedback', { rating: 4, message: 'Quick and clear.' }), 201);
  ids = {
    contactId: contact.id,
    locationId: location.id,
    orderId: order.submissionId,
    planLocationId: plan.locations[0]!.id,
    boundOrderId: bound.submissionId,
    policyId,
    additionalInsuredId: additional.id,
    boundAdditionalInsuredId: boundAdditional.id,
    claimId: claim.id,
    claimFileId: claimFile!.id,
    certificateId: certificate.id,
    endorsementId: endorsement.id,
  };
  malloryOrderId = (await quotedOrder(app, mallory)).submissionId;
  malloryLocationId = v.parse(
    locationSchema,
    await ok(
      await mallory.call('POST', 'insured/saveupdatelocation', {
        address1: '2 Elm St',
        city: 'Dallas',
        state: 'TX',
        zipcode: '75201',
      }),
      201,
    ),
  ).id;
});

afterAll(() => {
  // The list the issue asks to see: every call tried, what it tried, what it answered.
  const lines = checked.map(({ call, what, status }) => `  ${String(status).padEnd(4)}${call.padEnd(58)}${what}`);
  console.log(`Access control: ${checked.length} attempts on another insured's records\n${lines.join('\n')}`);
});

const noneOf = (list: unknown, key: (item: Record<string, unknown>) => unknown, forbidden: unknown[]) => {
  const items = (Array.isArray(list) ? list : []) as Record<string, unknown>[];
  for (const item of items) expect(forbidden).not.toContain(key(item));
};

function attempts(): Attempt[] {
  const address = { address1: '9 Thief Rd', city: 'Houston', state: 'TX', zipcode: '77002' };
  return [
    {
      route: 'GET /api/weborder/insured/contactlist',
      what: 'list: the other’s contact is not in it',
      method: 'GET',
      url: 'insured/contactlist',
      expectList: (b) => noneOf(b, (c) => c.id, [ids.contactId]),
    },
    {
      route: 'POST /api/weborder/insured/saveupdatecontact',
      what: 'update the other’s contact',
      method: 'POST',
      url: 'insured/saveupdatecontact',
      body: { id: ids.contactId, firstname: 'Mal', lastname: 'Lory' },
    },
    {
      route: 'POST /api/weborder/insured/saveupdatecontact',
      what: 'make the other’s contact primary',
      method: 'POST',
      url: 'insured/saveupdatecontact',
      body: { id: ids.contactId, firstname: 'Vera', lastname: 'Victim', isprimary: true },
    },
    {
      route: 'DELETE /api/weborder/insured/deletecontacts',
      what: 'delete the other’s contact',
      method: 'DELETE',
      url: `insured/deletecontacts?id=${ids.contactId}`,
    },
    {
      route: 'GET /api/weborder/insured/locationlist',
      what: 'list: the other’s location is not in it',
      method: 'GET',
      url: 'insured/locationlist',
      expectList: (b) => noneOf(b, (l) => l.id, [ids.locationId]),
    },
    {
      route: 'POST /api/weborder/insured/saveupdatelocation',
      what: 'update the other’s location',
      method: 'POST',
      url: 'insured/saveupdatelocation',
      body: { id: ids.locationId, ...address },
    },
    {
      route: 'DELETE /api/weborder/insured/deletelocation',
      what: 'delete the other’s location',
      method: 'DELETE',
      url: `insured/deletelocation?id=${ids.locationId}`,
    },
    {
      route: 'GET /api/weborder/insured/primaryinsureddetails',
      what: 'read: answers the caller’s own particulars only',
      method: 'GET',
      url: 'insured/primaryinsureddetails',
      expectList: (b) => {
        const details = b as {
          email: string;
          primaryLocation: { id: number } | null;
          primaryContact: { id: number } | null;
        };
        expect(details.email).toBe(mallory.email);
        expect(details.primaryLocation?.id).not.toBe(ids.locationId);
        expect(details.primaryContact?.id ?? null).not.toBe(ids.contactId);
      },
    },
    {
      route: 'POST /api/weborder/insured/updateprimaryinsured',
      what: 'take the other’s e-mail address (refused, nothing changes)',
      method: 'POST',
      url: 'insured/updateprimaryinsured',
      body: { email: victim.email, currentpassword: 'will-not-matter-1' },
    },
    {
      route: 'POST /api/weborder/insured/updateprimaryinsuredwithlocation',
      what: 'name the insured on the other’s order',
      method: 'POST',
      url: 'insured/updateprimaryinsuredwithlocation',
      body: { firstname: 'Mal', lastname: 'Lory', ...address, submissionId: ids.orderId },
    },
    {
      route: 'POST /api/weborder/insured/updateprimaryinsuredwithlocation',
      what: 'own order, the other’s location as master',
      method: 'POST',
      url: 'insured/updateprimaryinsuredwithlocation',
      body: {
        firstname: 'Mal',
        lastname: 'Lory',
        ...address,
        submissionId: malloryOrderId,
        locationId: ids.locationId,
        isupdatemaster: true,
      },
    },
    {
      route: 'POST /api/weborder/insured/updateprimaryinsuredwithlocation',
      what: 'own order, the other’s contact',
      method: 'POST',
      url: 'insured/updateprimaryinsuredwithlocation',
      body: {
        firstname: 'Mal',
        lastname: 'Lory',
        ...address,
        submissionId: malloryOrderId,
        contactId: ids.contactId,
        isupdatemaster: true,
      },
    },
    {
      route: 'GET /api/weborder/insured/locations',
      what: 'read the other’s order’s locations',
      method: 'GET',
      url: `insured/locations?submissionid=${ids.orderId}`,
    },
    {
      route: 'POST /api/weborder/insured/addlocation',
      what: 'add own location to the other’s order (form)',
      method: 'POST',
      url: 'insured/addlocation',
      body: { submissionid: ids.orderId, addLocationsIds: [malloryLocationId] },
      form: true,
    },
    {
      route: 'POST /api/weborder/insured/addlocation',
      what: 'add the other’s location to own order',
      method: 'POST',
      url: 'insured/addlocation',
      body: { submissionid: malloryOrderId, addLocationsIds: [ids.locationId] },
    },
    {
      route: 'POST /api/weborder/insured/addlocation',
      what: 'remove the other’s location from their order',
      method: 'POST',
      url: 'insured/addlocation',
      body: { submissionid: ids.orderId, removeLocationsIds: [ids.locationId] },
    },
    {
      route: 'PUT /api/weborder/insured/updateplanlocation',
      what: 'change the other’s order’s location',
      method: 'PUT',
      url: 'insured/updateplanlocation',
      body: { id: ids.planLocationId, submissionId: ids.orderId, ...address, isupdatemaster: true },
    },
    {
      route: 'PUT /api/weborder/insured/updateplanlocation',
      what: 'the other’s plan location through own order',
      method: 'PUT',
      url: 'insured/updateplanlocation',
      body: { id: ids.planLocationId, submissionId: malloryOrderId, ...address },
    },
    {
      route: 'DELETE /api/weborder/insured/deleteplanlocation',
      what: 'delete the other’s order’s location',
      method: 'DELETE',
      url: `insured/deleteplanlocation?planlocationid=${ids.planLocationId}&submissionid=${ids.orderId}`,
    },
    {
      route: 'DELETE /api/weborder/insured/deleteplanlocation',
      what: 'the other’s plan location through own order',
      method: 'DELETE',
      url: `insured/deleteplanlocation?planlocationid=${ids.planLocationId}&submissionid=${malloryOrderId}`,
    },
    {
      route: 'GET /api/weborder/insured/additionalinsureds',
      what: 'read the other’s additional insureds',
      method: 'GET',
      url: `insured/additionalinsureds?submissionid=${ids.orderId}`,
    },
    {
      route: 'POST /api/weborder/insured/saveupdateadditionalinsured',
      what: 'add one to the other’s order',
      method: 'POST',
      url: 'insured/saveupdateadditionalinsured',
      body: { submissionId: ids.orderId, name: 'Mallory Inc' },
    },
    {
      route: 'POST /api/weborder/insured/saveupdateadditionalinsured',
      what: 'edit the other’s, through own order',
      method: 'POST',
      url: 'insured/saveupdateadditionalinsured',
      body: { id: ids.additionalInsuredId, submissionId: malloryOrderId, name: 'Mallory Inc' },
    },
    {
      route: 'DELETE /api/weborder/insured/deleteadditionalinsured',
      what: 'delete the other’s additional insured',
      method: 'DELETE',
      url: `insured/deleteadditionalinsured?id=${ids.additionalInsuredId}`,
    },
    {
      route: 'POST /api/weborder/documents/certificateofinsurance',
      what: 'the other’s certificate',
      method: 'POST',
      url: 'documents/certificateofinsurance',
      body: { submissionid: ids.boundOrderId, additionalinsuredid: ids.boundAdditionalInsuredId },
    },
    {
      route: 'POST /api/weborder/documents/certificateofinsurance',
      what: 'the other’s additional insured on own order',
      method: 'POST',
      url: 'documents/certificateofinsurance',
      body: { submissionid: malloryOrderId, additionalinsuredid: ids.boundAdditionalInsuredId },
    },
    {
      route: 'GET /api/weborder/insured/claims',
      what: 'list: the other’s claim is not in it',
      method: 'GET',
      url: 'insured/claims',
      expectList: (b) => noneOf(b, (c) => c.id, [ids.claimId]),
    },
    {
      route: 'GET /api/weborder/insured/policies',
      what: 'list: the other’s policy is not in it',
      method: 'GET',
      url: 'insured/policies',
      expectList: (b) => noneOf(b, (p) => p.id, [ids.policyId]),
    },
    {
      route: 'POST /api/weborder/insured/reportclaim',
      what: 'report a claim on the other’s policy',
      method: 'POST',
      url: 'insured/reportclaim',
      body: {
        policyid: ids.policyId,
        dateofloss: businessToday(new Date()),
        description: 'Not my policy at all.',
      },
    },
    {
      route: 'GET /api/weborder/insured/claim',
      what: 'read the other’s claim, its messages and files',
      method: 'GET',
      url: `insured/claim?claimid=${ids.claimId}`,
    },
    {
      route: 'POST /api/weborder/insured/claimmessage',
      what: 'write on the other’s claim',
      method: 'POST',
      url: 'insured/claimmessage',
      body: { claimid: ids.claimId, body: 'Not my claim at all.' },
    },
    {
      route: 'POST /api/weborder/insured/claimattachments',
      what: 'attach a file to the other’s claim',
      method: 'POST',
      url: 'insured/claimattachments',
      body: claimUpload.payload,
      headers: claimUpload.headers,
    },
    {
      route: 'GET /api/weborder/insured/claimattachment',
      what: 'download the other’s claim file',
      method: 'GET',
      url: `insured/claimattachment?claimid=${ids.claimId}&fileid=${ids.claimFileId}`,
    },
    {
      route: 'POST /api/weborder/insured/issuecertificate',
      what: 'issue a certificate on the other’s policy',
      method: 'POST',
      url: 'insured/issuecertificate',
      body: { policyid: ids.policyId, holderName: 'Mallory Inc', ...address },
    },
    {
      route: 'GET /api/weborder/insured/certificates',
      what: 'list the other’s policy’s certificates',
      method: 'GET',
      url: `insured/certificates?policyid=${ids.policyId}`,
    },
    {
      route: 'POST /api/weborder/documents/downloadcertificate',
      what: 'download the other’s certificate',
      method: 'POST',
      url: 'documents/downloadcertificate',
      body: { certificateid: ids.certificateId },
    },
    {
      route: 'GET /api/weborder/insured/endorsementoptions',
      what: 'read what a change of the other’s policy may be',
      method: 'GET',
      url: `insured/endorsementoptions?policyid=${ids.policyId}`,
    },
    {
      route: 'POST /api/weborder/insured/endorsementquote',
      what: 'preview a change of the other’s policy',
      method: 'POST',
      url: 'insured/endorsementquote',
      body: { policyid: ids.policyId, limitCode: '500K/1M' },
    },
    {
      route: 'POST /api/weborder/insured/endorse',
      what: 'change the other’s policy',
      method: 'POST',
      url: 'insured/endorse',
      body: { policyid: ids.policyId, limitCode: '500K/1M' },
    },
    {
      route: 'POST /api/weborder/insured/payendorsement',
      what: 'pay for the other’s endorsement',
      method: 'POST',
      url: 'insured/payendorsement',
      body: { endorsementid: ids.endorsementId },
    },
    {
      route: 'GET /api/weborder/insured/policyhistory',
      what: 'read the other’s policy’s history',
      method: 'GET',
      url: `insured/policyhistory?policyid=${ids.policyId}`,
    },
    {
      route: 'POST /api/weborder/documents/downloadendorsement',
      what: 'download the other’s endorsement',
      method: 'POST',
      url: 'documents/downloadendorsement',
      body: { endorsementid: ids.endorsementId },
    },
    {
      route: 'GET /api/weborder/insured/cancellationoptions',
      what: 'read the other’s policy’s cancellation and tail',
      method: 'GET',
      url: `insured/cancellationoptions?policyid=${ids.policyId}`,
    },
    {
      route: 'POST /api/weborder/insured/cancellationquote',
      what: 'preview cancelling the other’s policy',
      method: 'POST',
      url: 'insured/cancellationquote',
      body: { policyid: ids.policyId, cancellationDate: businessToday(new Date()) },
    },
    {
      route: 'POST /api/weborder/insured/cancelpolicy',
      what: 'cancel the other’s policy',
      method: 'POST',
      url: 'insured/cancelpolicy',
      body: { policyid: ids.policyId, cancellationDate: businessToday(new Date()) },
    },
    {
      route: 'POST /api/weborder/insured/buytail',
      what: 'buy a tail on the other’s policy',
      method: 'POST',
      url: 'insured/buytail',
      body: { policyid: ids.policyId, years: 1 },
    },
    {
      route: 'GET /api/weborder/insured/renewal',
      what: 'read the other’s policy’s renewal offer',
      method: 'GET',
      url: `insured/renewal?policyid=${ids.policyId}`,
    },
    {
      route: 'GET /api/weborder/insured/renewals',
      what: 'list: the other’s renewals are not in it',
      method: 'GET',
      url: 'insured/renewals',
      expectList: (b) => noneOf(b, (r) => r.policyId, [ids.policyId]),
    },
    {
      route: 'POST /api/weborder/insured/renewalaccept',
      what: 'accept and pay the other’s renewal',
      method: 'POST',
      url: 'insured/renewalaccept',
      body: {
        policyid: ids.policyId,
        signerName: 'Mal Lory',
        consentToElectronicRecords: true,
        agreeToDeclarations: true,
      },
    },
    {
      route: 'POST /api/weborder/insured/renewalquote',
      what: 'price the other’s policy’s renewal',
      method: 'POST',
      url: 'insured/renewalquote',
      body: { policyid: ids.policyId },
    },
    {
      route: 'GET /api/weborder/dashboard/submissiondetails',
      what: 'list: the other’s orders are not in it',
      method: 'GET',
      url: 'dashboard/submissiondetails',
      expectList: (b) => noneOf(b, (s) => s.submissionId, [ids.orderId, ids.boundOrderId]),
    },
    {
      route: 'GET /api/weborder/insured/existingopenorder',
      what: 'read: never the other’s open order',
      method: 'GET',
      url: 'insured/existingopenorder',
      expectList: (b) =>
        expect((b as { order: { submissionId: number } | null }).order?.submissionId).toBe(malloryOrderId),
    },
    {
      route: 'GET /api/weborder/insured/application',
      what: 'read the other’s application and signature',
      method: 'GET',
      url: `insured/application?submissionid=${ids.orderId}`,
    },
    {
      route: 'POST /api/weborder/insured/signapplication',
      what: 'sign the other’s application, with the hash they signed',
      method: 'POST',
      url: 'insured/signapplication',
      body: {
        submissionid: ids.orderId,
        signerName: 'Mal Lory',
        consentToElectronicRecords: true,
        agreeToDeclarations: true,
        recordHash: victimSignature.recordHash,
      },
    },
    {
      route: 'POST /api/weborder/insured/feedback',
      what: 'saved as the caller’s, never the other’s',
      method: 'POST',
      url: 'insured/feedback',
      body: { rating: 1, message: 'Trying my luck.' },
      expectList: (b) => expect((b as { id: number }).id).toBeGreaterThan(0),
    },
  ];
}

describe('one insured against another’s records', () => {
  it('every account route is checked here', () => {
    const accountRoutes = t.app.apiRoutes.routes
      .filter(
        (route) => !route.public && (ACCOUNT_ROUTES as readonly string[]).includes(`${route.method} ${route.url}`),
      )
      .map((route) => `${route.method} ${route.url}`);
    // Each listed route exists, and is not public.
    expect(new Set(accountRoutes)).toEqual(new Set(ACCOUNT_ROUTES));
    const tried = new Set(attempts().map((attempt) => attempt.route));
    expect(tried).toEqual(new Set(ACCOUNT_ROUTES));
  });

  it('cannot read, change or delete any of them (404), and they stay exactly as they were', async () => {
    const before = await victimRows();
    for (const attempt of attempts()) {
      const response = await mallory.call(attempt.method, attempt.url, attempt.body, {
        form: attempt.form ?? false,
        ...(attempt.headers ? { headers: attempt.headers } : {}),
      });
      const call = `${attempt.method} ${attempt.url.split('?')[0]}`;
      checked.push({ call, what: attempt.what, status: response.statusCode });
      if (attempt.expectList) {
        expect([200, 201], `${call}: ${attempt.what}: ${response.body}`).toContain(response.statusCode);
        attempt.expectList(response.json());
      } else if (attempt.route === 'POST /api/weborder/insured/updateprimaryinsured') {
        // Taking someone's e-mail is refused without saying whose it is.
        expect([403, 409], `${call}: ${attempt.what}: ${response.body}`).toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${call}: ${attempt.what}: ${response.body}`).toBe(404);
        expect(response.body).not.toMatch(/Vera|Victim|Landlord|Client Corp|crown/);
      }
    }
    expect(await victimRows()).toEqual(before);
  });

  it('the same calls without a bearer token are a 401', async () => {
    for (const attempt of attempts()) {
      const response = await t.app.inject({
        method: attempt.method,
        url: `/api/weborder/${attempt.url}`,
        ...(attempt.body ? { payload: attempt.body as object } : {}),
        ...(attempt.headers ? { headers: attempt.headers } : {}),
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
    }
  });
});
