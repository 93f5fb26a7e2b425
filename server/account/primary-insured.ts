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
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { Contact } from '@/api/contract/contacts';
import type { Location } from '@/api/contract/locations';
import type {
  PrimaryInsured,
  PrimaryInsuredWithLocation,
  updatePrimaryInsuredRequestSchema,
  updatePrimaryInsuredWithLocationRequestSchema,
} from '@/api/contract/primary-insured';
import { checkAddress } from '@server/account/address-check';
import { normalisePhone } from '@server/account/phone';
import { changePlan, editableOrder, ownLocations, setPrimaryAddress, type PlanLocationDeps } from '@server/account/plan-locations';
import { hashPassword, verifyPassword } from '@server/auth/password';
import { checkNewPassword } from '@server/auth/password-rules';
import { accountKey, enforce } from '@server/auth/rate-limit';
import { emailMatches, type AuthUser } from '@server/auth/user';
import { MINUTE } from '@server/clock';
import type { Config } from '@server/config';
import type { Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { brokers, contacts, locations, paymentTerms, refreshTokens, submissions, users } from '@server/db/schema';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '@server/http/http-error';
import { passwordChangedMail } from '@server/mail/templates';

export type PrimaryInsuredDeps = PlanLocationDeps & { config: Config; mail: FastifyInstance['mail'] };

/** Only the fields the request carried: a field left out stays as it is. */
export type UpdatePrimaryInsuredInput = Partial<v.InferOutput<typeof updatePrimaryInsuredRequestSchema>>;
export type UpdateWithLocationInput = v.InferOutput<typeof updatePrimaryInsuredWithLocationRequestSchema>;

/** Wrong current passwords tried through a signed-in session, per account. */
const REAUTH_RULE = { limit: 10, windowMs: 15 * MINUTE };

const locationColumns = {
  id: locations.id,
  title: locations.title,
  address1: locations.address1,
  address2: locations.address2,
  city: locations.city,
  state: locations.state,
  zipcode: locations.zipcode,
  isprimary: locations.isPrimary,
};

const contactColumns = {
  id: contacts.id,
  title: contacts.title,
  firstname: contacts.firstName,
  lastname: contacts.lastName,
  email: contacts.email,
  contactnumber: contacts.contactNumber,
  isprimary: contacts.isPrimary,
};

/** GET insured/primaryinsureddetails (and what the updates answer). */
export async function primaryInsuredDetails(db: Queryable, userId: number): Promise<PrimaryInsured> {
  const [user] = await db
    .select({
      firstname: users.firstName,
      lastname: users.lastName,
      companyname: users.companyName,
      insuredtype: users.insuredType,
      gender: users.gender,
      dob: users.dob,
      industrycode: users.industryCode,
      paymentterm: users.paymentTerm,
      email: users.email,
      contactnumber: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  // authenticate found the user a moment ago: gone since, the session is over.
  if (!user) throw unauthorized();
  const [location]: Location[] = await db
    .select(locationColumns)
    .from(locations)
    .where(and(eq(locations.userId, userId), eq(locations.isPrimary, true)));
  const [contact]: Contact[] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.isPrimary, true)));
  const { passwordHash, ...particulars } = user;
  return { ...particulars, hasPassword: passwordHash !== null, primaryLocation: location ?? null, primaryContact: contact ?? null };
}

const emailTaken = () => conflict('Another account uses this e-mail address', { email: 'is already registered to another account' });

/** A code of insured/paymenttermlist (400 naming paymentterm otherwise). */
async function checkPaymentTerm(db: Queryable, code: string): Promise<void> {
  const terms = await db.select({ code: paymentTerms.code }).from(paymentTerms).where(eq(paymentTerms.active, true));
  if (terms.some((term) => term.code === code)) return;
  const codes = terms.map((term) => term.code).join(', ');
  throw badRequest(`${code} is not a payment term on offer (${codes})`, { paymentterm: `must be one of: ${codes}` });
}

/** The current password, for a change of e-mail or password (400 missing, 403 wrong, 429 guessed at). */
async function proveIdentity(deps: PrimaryInsuredDeps, user: { id: number; passwordHash: string | null }, what: 'email' | 'password', given: string | undefined) {
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
  await enforce(deps.db, accountKey('reauth', String(user.id)), REAUTH_RULE, deps.clock.now(), (wait) => `Too many tries. Try again in ${wait}.`);
  if (!(await verifyPassword(given, user.passwordHash))) {
    throw new HttpError(403, 'The current password is not right', { currentpassword: 'is not your current password' });
  }
}

/**
 * POST insured/updateprimaryinsured. A new password ends every other session of the account
 * (as a reset does) but keeps this one, and the account is told by mail.
 */
export async function updatePrimaryInsured(deps: PrimaryInsuredDeps, caller: AuthUser, input: UpdatePrimaryInsuredInput): Promise<PrimaryInsured> {
  const { db, clock } = deps;
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, firstName: users.firstName, brokerId: users.brokerId })
    .from(users)
    .where(eq(users.id, caller.id));
  if (!user) throw unauthorized();

  const newEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  if (newEmail) await proveIdentity(deps, user, 'email', input.currentpassword);
  else if (input.password !== undefined) await proveIdentity(deps, user, 'password', input.currentpassword);
  // Against the address the account will have: a new one given with it, else the current one.
  if (input.password !== undefined) checkNewPassword(input.password, input.email ?? user.email, 'password');
  if (input.paymentterm) await checkPaymentTerm(db, input.paymentterm);
  if (newEmail) {
    // Checked before the (slow) hash; the unique index settles a race below.
    const [other] = await db.select({ id: users.id }).from(users).where(and(emailMatches(input.email!), ne(users.id, user.id)));
    if (other) throw emailTaken();
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
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
        })
        .where(eq(users.id, user.id));
      if (passwordHash === undefined) return;
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, user.id), ne(refreshTokens.family, caller.sessionId), isNull(refreshTokens.revokedAt)));
      const [broker] = user.brokerId === null ? [] : await tx.select({ clientUrl: brokers.clientUrl }).from(brokers).where(eq(brokers.id, user.brokerId));
      const forgotUrl = broker ? `${deps.config.publicUrl}/client/forgotpassword/${broker.clientUrl}` : `${deps.config.publicUrl}/forgotpassword`;
      await deps.mail.enqueue(tx, passwordChangedMail({ to: input.email ?? user.email, firstName: input.firstname ?? user.firstName, forgotUrl }));
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
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  if (!contact) throw notFound('No such contact (or it is not yours)');
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
  const address = { address1: input.address1, address2: input.address2, city: input.city, state: input.state, zipcode: input.zipcode };
  const [order] = await db.select({ contactId: submissions.contactId }).from(submissions).where(eq(submissions.id, row.id));
  const now = clock.now();

  const plan = await changePlan(deps, caller, row, async (tx) => {
    // changePlan holds the insured's row, which every contact/location delete locks first:
    // checked again under it, one deleted meanwhile is a 404, not a foreign-key failure.
    if (contactId !== null) await ownContact(tx, caller.id, contactId);
    if (locationId !== null) await ownLocations(tx, caller.id, [locationId]);
    await tx
      .update(users)
      .set({
        firstName: input.firstname,
        lastName: input.lastname,
        // Left out, these stay as they are (the form may not show them).
        companyName: given.has('companyname') ? input.companyname : undefined,
        insuredType: given.has('insuredtype') ? input.insuredtype : undefined,
        phone: given.has('contactnumber') ? phone : undefined,
        updatedAt: now,
      })
      .where(eq(users.id, caller.id));
    if (input.isupdatemaster && locationId !== null) {
      await tx
        .update(locations)
        .set({ ...address, updatedAt: now })
        .where(and(eq(locations.id, locationId), eq(locations.userId, caller.id)));
    }
    if (input.isupdatemaster && contactId !== null) {
      await tx
        .update(contacts)
        .set({
          firstName: input.firstname,
          lastName: input.lastname,
          ...(given.has('contactnumber') ? { contactNumber: phone } : {}),
          updatedAt: now,
        })
        .where(and(eq(contacts.id, contactId), eq(contacts.userId, caller.id)));
    }
    const moved = await setPrimaryAddress(tx, row.id, address, locationId, now);
    const newContact = contactId !== null && contactId !== order?.contactId;
    return { changed: moved || newContact, submission: newContact ? { contactId } : {} };
  });
  return { insured: await primaryInsuredDetails(db, caller.id), order: plan };
}
