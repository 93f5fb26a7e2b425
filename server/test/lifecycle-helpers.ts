/**
 * An order that buy now can take all the way: quoted, with a location on it and a primary contact
 * on the insured's account, so the checks find nothing missing and only the rules decide.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SubmissionQuote } from '@shared/contract/submissions';
import { quotedOrder, type Insured } from '@server/test/account-helpers';

export async function readyToBuy(
  app: () => FastifyInstance,
  insured: Insured,
  overrides: Record<string, unknown> = {},
): Promise<SubmissionQuote> {
  const order = await quotedOrder(app, insured, overrides);
  const location = await insured.call('POST', 'insured/saveupdatelocation', {
    title: 'Main office',
    address1: '1 Main St',
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
  });
  expect(location.statusCode, location.body).toBe(201);
  const added = await insured.call('POST', 'insured/addlocation', {
    submissionid: order.submissionId,
    addLocationsIds: [location.json().id],
  });
  expect(added.statusCode, added.body).toBe(200);
  const contact = await insured.call('POST', 'insured/saveupdatecontact', {
    firstname: 'Dana',
    lastname: 'Dentist',
    email: 'dana@example.com',
    contactnumber: '713 555 0142',
    isprimary: true,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  return order;
}
