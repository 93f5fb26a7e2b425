/**
 * The primary insured: the signed-in insured's own particulars (specification §3 Primary insured
 * update / with location; §7 insured/primaryinsureddetails, updateprimaryinsured,
 * updateprimaryinsuredwithlocation). They live on the users row, beside the insured's primary
 * location and contact.
 *
 * The e-mail address signs in and the password proves who signs in, so changing either asks for
 * the current password: a borrowed or stolen access token must not be enough to take the
 * account over. An account that has no password (made with Google) cannot prove itself that way
 * and is sent to forgot-password instead.
 */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type {
  PrimaryInsured,
  PrimaryInsuredWithLocation,
  updatePrimaryInsuredRequestSchema,
  updatePrimaryInsuredWithLocationRequestSchema,
} from '@shared/contract/primary-insured';
import { checkAddress } from '@server/account/address-check';
import { hasContact, primaryContact, updateUsersContact } from '@server/account/contact-queries';
import {
  activePaymentTermCodes,
  brokerClientUrl,
  emailUsedByOther,
  insuredForChange,
  insuredParticulars,
  revokeOtherSessions,
  updateUser,
} from '@server/account/insured-queries';
import { primaryLocation, updateUsersLocation } from '@server/account/location-queries';
import { normalisePhone } from '@server/account/phone';
import {
  changePlan,
  editableOrder,
  ownLocations,
  setPrimaryAddress,
  type PlanLocationDeps,
} from '@server/account/plan-locations';
import { hashPassword, verifyPassword } from '@server/auth/password';
import { checkNewPassword } from '@server/auth/password-rules';
import { accountKey, enforce } from '@server/auth/rate-limit';
import type { AuthUser } from '@server/auth/user';
import { MINUTE } from '@server/clock';
import type { Config } from '@server/config';
import type { Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '@server/http/http-error';
import { orderContactId } from '@server/lifecycle/lifecycle-queries';
import { passwordChangedMail } from '@server/mail/templates';

export type PrimaryInsuredDeps = PlanLocationDeps & { config: Config; mail: FastifyInstance['mail'] };

/** Only the fields the request carried: a field left out stays as it is. */
export type UpdatePrimaryInsuredInput = Partial<v.InferOutput<typeof updatePrimaryInsuredRequestSchema>>;
export type UpdateWithLocationInput = v.InferOutput<typeof updatePrimaryInsuredWithLocationRequestSchema>;

/** Wrong current passwords tried through a signed-in session, per account. */
const REAUTH_RULE = { limit: 10, windowMs: 15 * MINUTE };

/** GET insured/primaryinsureddetails (and what the updates answer). */
export async function primaryInsuredDetails(db: Queryable, userId: number): Promise<PrimaryInsured> {
  const user = await insuredParticulars(db, userId);
  // authenticate found the user a moment ago: gone since, the session is over.
  if (!user) throw unauthorized();
  const location = await primaryLocation(db, userId);
  const contact = await primaryContact(db, userId);
  const { passwordHash, ...particulars } = user;
  return {
    ...particulars,
    hasPassword: passwordHash !== null,
    primaryLocation: location ?? null,
    primaryContact: contact ?? null,
  };
}

const emailTaken = () =>
  conflict('Another account uses this e-mail address', { email: 'is already registered to another account' });

/** A code of insured/paymenttermlist (400 naming paymentterm otherwise). */
async function checkPaymentTerm(db: Queryable, code: string): Promise<void> {
  const terms = await activePaymentTermCodes(db);
  if (terms.includes(code)) return;
  const codes = terms.join(', ');
  throw badRequest(`${code} is not a payment term on offer (${codes})`, { paymentterm: `must be one of: ${codes}` });
}

/** The current password, for a change of e-mail or password (400 missing, 403 wrong, 429 guessed at). */
async function proveIdentity(
  deps: PrimaryInsuredDeps,
  user: { id: number; passwordHash: string | null },
  what: 'email' | 'password',
  given: string | undefined,
) {
  if (user.passwordHash === null) {
    const message =
      what === 'email'
        ? 'This account signs in with Google and has no password to confirm a new e-mail address with. Choose a password through “Forgot password” first.'
        : 'This account signs in with Google and has no password yet: choose one through “Forgot password”.';
    throw badRequest(message, { [what]: 'needs a password on the account; choose one through forgot password' });
  }
  if (given === undefined) {
    throw badRequest('Enter your current password to change your e-mail address or password', {
      currentpassword: 'is required to change the e-mail address or password',
    });
  }
  await enforce(
    deps.db,
    accountKey('reauth', String(user.id)),
    REAUTH_RULE,
    deps.clock.now(),
    (wait) => `Too many tries. Try again in ${wait}.`,
  );
  if (!(await verifyPassword(given, user.passwordHash))) {
    throw new HttpError(403, 'The current password is not right', { currentpassword: 'is not your current password' });
  }
}

/**
 * POST insured/updateprimaryinsured. A new password ends every other session of the account
 * (as a reset does) but keeps this one, and the account is told by mail.
 */
export async function updatePrimaryInsured(
  deps: PrimaryInsuredDeps,
  caller: AuthUser,
  input: UpdatePrimaryInsuredInput,
): Promise<PrimaryInsured> {
  const { db, clock } = deps;
  const user = await insuredForChange(db, caller.id);
  if (!user) throw unauthorized();

  const newEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  if (newEmail) await proveIdentity(deps, user, 'email', input.currentpassword);
  else if (input.password !== undefined) await proveIdentity(deps, user, 'password', input.currentpassword);
  // Against the address the account will have: a new one given with it, else the current one.
  if (input.password !== undefined) checkNewPassword(input.password, input.email ?? user.email, 'password');
  if (input.paymentterm) await checkPaymentTerm(db, input.paymentterm);
  if (newEmail) {
    // Checked before the (slow) hash; the unique index settles a race below.
    if (await emailUsedByOther(db, input.email!, user.id)) throw emailTaken();
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      await updateUser(tx, user.id, {
        firstName: input.firstname,
        lastName: input.lastname,
        companyName: input.companyname,
        insuredType: input.insuredtype,
        gender: input.gender,
        dob: input.dob,
        industryCode: input.industrycode,
        paymentTerm: input.paymentterm,
        // The same address in another case is only a new spelling: no password needed.
        email: input.email,
        passwordHash,
        updatedAt: now,
      });
      if (passwordHash === undefined) return;
      await revokeOtherSessions(tx, user.id, caller.sessionId, now);
      const clientUrl = user.brokerId === null ? undefined : await brokerClientUrl(tx, user.brokerId);
      const forgotUrl =
        clientUrl !== undefined
          ? `${deps.config.publicUrl}/client/forgotpassword/${clientUrl}`
          : `${deps.config.publicUrl}/forgotpassword`;
      await deps.mail.enqueue(
        tx,
        passwordChangedMail({ to: input.email ?? user.email, firstName: input.firstname ?? user.firstName, forgotUrl }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
    throw error;
  }
  if (passwordHash !== undefined) deps.mail.kick();
  return primaryInsuredDetails(db, user.id);
}

/** The caller's contact (404 when missing or someone else's). */
async function ownContact(db: Queryable, userId: number, id: number): Promise<void> {
  if (!(await hasContact(db, userId, id))) throw notFound('No such contact (or it is not yours)');
}

/**
 * POST insured/updateprimaryinsuredwithlocation: the insured's names, company, type and phone;
 * the order's primary plan location (its rating address) and contact; with isupdatemaster the
 * master location and contact named. Everything is checked before anything is written, and all
 * of it is written in one transaction with the order's re-rate (changePlan: the insured's row
 * locked first, then the order's).
 */
export async function updatePrimaryInsuredWithLocation(
  deps: PrimaryInsuredDeps,
  caller: AuthUser,
  input: UpdateWithLocationInput,
  given: ReadonlySet<string>,
): Promise<PrimaryInsuredWithLocation> {
  const { db, clock } = deps;
  const row = await editableOrder(db, caller, input.submissionId);
  const locationId = input.locationId ?? null;
  const contactId = input.contactId ?? null;
  if (locationId !== null) await ownLocations(db, caller.id, [locationId]);
  if (contactId !== null) await ownContact(db, caller.id, contactId);
  await checkAddress(db, input);
  const phone = normalisePhone(input.contactnumber);
  const address = {
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
  };
  const orderContact = await orderContactId(db, row.id);
  const now = clock.now();

  const plan = await changePlan(deps, caller, row, async (tx) => {
    // changePlan holds the insured's row, which every contact/location delete locks first:
    // checked again under it, one deleted meanwhile is a 404, not a foreign-key failure.
    if (contactId !== null) await ownContact(tx, caller.id, contactId);
    if (locationId !== null) await ownLocations(tx, caller.id, [locationId]);
    await updateUser(tx, caller.id, {
      firstName: input.firstname,
      lastName: input.lastname,
      // Left out, these stay as they are (the form may not show them).
      companyName: given.has('companyname') ? input.companyname : undefined,
      insuredType: given.has('insuredtype') ? input.insuredtype : undefined,
      phone: given.has('contactnumber') ? phone : undefined,
      updatedAt: now,
    });
    if (input.isupdatemaster && locationId !== null) {
      await updateUsersLocation(tx, caller.id, locationId, { ...address, updatedAt: now });
    }
    if (input.isupdatemaster && contactId !== null) {
      await updateUsersContact(tx, caller.id, contactId, {
        firstName: input.firstname,
        lastName: input.lastname,
        ...(given.has('contactnumber') ? { contactNumber: phone } : {}),
        updatedAt: now,
      });
    }
    const moved = await setPrimaryAddress(tx, row.id, address, locationId, now);
    const newContact = contactId !== null && contactId !== orderContact;
    return { changed: moved || newContact, submission: newContact ? { contactId } : {} };
  });
  return { insured: await primaryInsuredDetails(db, caller.id), order: plan };
}
