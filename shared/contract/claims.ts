import * as v from 'valibot';
import { flagInputSchema, optionalText, recordIdInputSchema, requiredText } from '@shared/contract/address';
import { claimStatuses } from '@shared/contract/enums';
import { isoDateSchema } from '@shared/contract/submissions';

/**
 * Claims the insured reports against their policies and can then follow (specification §7
 * insured/claims; everything else is beyond it; issue 19 item 4). A claim moves
 * reported → acknowledged → under review → closed (shared/lifecycle/claim-lifecycle.machine.ts);
 * the insured and whoever handles it exchange messages on it and the insured attaches files (the
 * order's upload rules: type by content, 10 MB a file, 25 MB an upload). Handlers are
 * underwriters and administrators; each move and each handler message is mailed to the insured.
 *
 * Insured routes (signed in, own claims only; another's claim is the same 404 as a missing one):
 * GET insured/claims, GET insured/policies, POST insured/reportclaim, GET insured/claim?claimid,
 * POST insured/claimmessage, POST insured/claimattachments (multipart),
 * GET insured/claimattachment?claimid&fileid.
 * Handler routes (role underwriter or admin, 403 otherwise): GET claims/queue?status,
 * GET claims/claim?claimid, POST claims/move, POST claims/message, GET claims/attachment?claimid&fileid.
 * A closed claim takes no more messages or attachments (409 naming `status`); an illegal move is
 * a 409 naming `status`. Every POST takes an Idempotency-Key: a retry answers the first answer.
 */

const integer = v.pipe(v.number(), v.integer());

export type ClaimStatus = (typeof claimStatuses)[number];
export const claimStatusSchema = v.picklist(claimStatuses, `must be one of: ${claimStatuses.join(', ')}`);

/**
 * Our policies are claims-made: what the insured reports is either a claim made against them (a
 * demand, a letter, a lawsuit) or a circumstance that may become one (notice of circumstance),
 * which, reported while the policy is in force, keeps a later claim from it on this policy.
 */
export const claimKinds = ['claim', 'circumstance'] as const;
export type ClaimKind = (typeof claimKinds)[number];
export const claimKindSchema = v.picklist(claimKinds, `must be one of: ${claimKinds.join(', ')}`);

/** The largest amount demanded the report takes, in cents: $10 billion (anything above is a typing slip). */
export const MAX_AMOUNT_DEMANDED_CENTS = 1_000_000_000_000;
/** The longest claimant name. */
export const MAX_CLAIMANT_LENGTH = 200;

export const claimSchema = v.object({
  id: integer,
  /** C-2026-000042. */
  number: v.string(),
  policyId: integer,
  policyNumber: v.string(),
  specialityName: v.string(),
  kind: claimKindSchema,
  /**
   * YYYY-MM-DD: the day the claim was made — the first demand or notice reached the insured — or,
   * for a circumstance, the day they learned of it. The name is the call's first one, kept so
   * existing callers keep working; it is not an occurrence policy's date of loss.
   */
  dateOfLoss: v.string(),
  /** YYYY-MM-DD: the day of the act, error or omission complained of, when the insured knows it. */
  actDate: v.nullable(v.string()),
  /** Who is claiming; null when not said. */
  claimant: v.nullable(v.string()),
  lawsuitFiled: v.boolean(),
  /** What the claimant demands, in cents; null when they named no amount. */
  amountDemandedCents: v.nullable(integer),
  description: v.string(),
  status: claimStatusSchema,
  reportedAt: v.string(),
});
export type Claim = v.InferOutput<typeof claimSchema>;
export const claimListSchema = v.array(claimSchema);

/** A policy a claim can be reported against: the insured's own, bound or complete. */
export const claimablePolicySchema = v.object({
  id: integer,
  number: v.string(),
  specialityName: v.string(),
  effectiveDate: v.string(),
  expirationDate: v.string(),
});
export type ClaimablePolicy = v.InferOutput<typeof claimablePolicySchema>;
/** GET insured/policies: the policies the insured holds. */
export const claimablePolicyListSchema = v.array(claimablePolicySchema);

/** A date the report may leave out: empty or missing is none (null). */
const optionalDay = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.literal(''), isoDateSchema], 'must be a date (YYYY-MM-DD)'),
      v.transform((day) => (day === '' ? null : day)),
    ),
  ),
  null,
);

/**
 * POST insured/reportclaim (JSON or form): the policy (the insured's own; 404 otherwise), kind
 * (claim, the default, or circumstance), dateofloss — the day the claim was made (first demand or
 * notice) or the circumstance came to light: required, a real date, not before the policy's
 * effective date, not after its end and not after the server's business day (400 naming
 * dateofloss) — and what happened (description, required). Optional: actdate (the day of the act
 * or error, not after dateofloss), claimant (who is claiming), lawsuitfiled (true/false),
 * amountdemandedcents (what they demand, whole cents). Each refused naming its field. 201 with the
 * claim; an Idempotency-Key makes a retry answer it again (200). The insured is mailed a receipt,
 * and the claims desk is told.
 */
export const reportClaimRequestSchema = v.object({
  policyid: recordIdInputSchema,
  kind: v.optional(claimKindSchema, 'claim'),
  dateofloss: isoDateSchema,
  actdate: optionalDay,
  claimant: optionalText(MAX_CLAIMANT_LENGTH),
  lawsuitfiled: v.optional(flagInputSchema, false),
  amountdemandedcents: v.optional(
    v.nullable(
      v.pipe(
        v.union(
          [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))],
          'must be a whole number of cents',
        ),
        v.integer('must be a whole number of cents'),
        v.minValue(0, 'must not be negative'),
        v.maxValue(MAX_AMOUNT_DEMANDED_CENTS, 'must be at most $10,000,000,000'),
      ),
    ),
    null,
  ),
  description: v.pipe(requiredText(4000), v.minLength(10, 'must say what happened in at least 10 characters')),
});
export type ReportClaimRequest = v.InferInput<typeof reportClaimRequestSchema>;

// ---------------------------------------------------------------------------------------------
// One claim as it is followed: its timeline, messages and attachments

/** Who wrote a message, moved a claim or uploaded a file: the insured, or whoever handles the claim. */
export const claimParties = ['insured', 'handler'] as const;
export type ClaimParty = (typeof claimParties)[number];
const claimPartySchema = v.picklist(claimParties);

/** One step of the claim's timeline: reported (from null), then each move, who made it and when. */
export const claimEventSchema = v.object({
  id: integer,
  /** The status before; null for the report itself. */
  from: v.nullable(claimStatusSchema),
  to: claimStatusSchema,
  by: claimPartySchema,
  /** The person's name as the other side sees it ("Dana Reyes"); "Claims team" when the handler has none. */
  byName: v.string(),
  /** What the handler said with the move (why it was closed, what is being reviewed); null when nothing. */
  note: v.nullable(v.string()),
  /** ISO 8601, the server's clock. */
  at: v.string(),
});
export type ClaimEvent = v.InferOutput<typeof claimEventSchema>;

export const claimMessageSchema = v.object({
  id: integer,
  author: claimPartySchema,
  authorName: v.string(),
  body: v.string(),
  createdAt: v.string(),
});
export type ClaimMessage = v.InferOutput<typeof claimMessageSchema>;

export const claimAttachmentSchema = v.object({
  id: integer,
  /** Sanitised, with the extension of the detected type. */
  filename: v.string(),
  /** Detected from the content (one of shared/contract/files.ts acceptedFileTypes). */
  contentType: v.string(),
  size: integer,
  uploadedAt: v.string(),
  uploadedBy: claimPartySchema,
});
export type ClaimAttachment = v.InferOutput<typeof claimAttachmentSchema>;
export const claimAttachmentListSchema = v.array(claimAttachmentSchema);

/** GET insured/claim?claimid: one claim of the insured's, everything they can follow on it. */
export const claimDetailSchema = v.object({
  claim: claimSchema,
  /** Oldest first: the report, then every move. */
  timeline: v.array(claimEventSchema),
  /** Oldest first. */
  messages: v.array(claimMessageSchema),
  /** Oldest first; deleted files are not listed. */
  attachments: v.array(claimAttachmentSchema),
  /** False once the claim is closed: no more messages or attachments (the server answers 409). */
  open: v.boolean(),
});
export type ClaimDetail = v.InferOutput<typeof claimDetailSchema>;

/** GET insured/claim?claimid, GET claims/claim?claimid */
export const claimQuerySchema = v.object({ claimid: recordIdInputSchema });

/** The longest message either side may write. */
export const MAX_CLAIM_MESSAGE_LENGTH = 4000;
const messageBodySchema = requiredText(MAX_CLAIM_MESSAGE_LENGTH);

/**
 * POST insured/claimmessage and POST claims/message (JSON or form): the claim and the text.
 * 201 with the message; with an Idempotency-Key a retry answers it again (200) and writes
 * nothing. A closed claim is a 409 naming status.
 */
export const claimMessageRequestSchema = v.object({
  claimid: recordIdInputSchema,
  body: messageBodySchema,
});

/**
 * POST insured/claimattachments, multipart/form-data: the field `claimid` first, then one or
 * more parts named `files` (the order upload's rules and limits, shared/contract/files.ts). 201
 * with the attachments stored; an Idempotency-Key makes a retry answer them again (200).
 */
export const claimAttachmentFieldsSchema = v.object({ claimid: recordIdInputSchema });

/**
 * GET insured/claimattachment?claimid&fileid, GET claims/attachment?claimid&fileid: the file's
 * bytes with its detected type and name (Content-Disposition: attachment). A file of another
 * claim, deleted or missing is a 404.
 */
export const claimAttachmentQuerySchema = v.object({ claimid: recordIdInputSchema, fileid: recordIdInputSchema });

// ---------------------------------------------------------------------------------------------
// The handler's side (role underwriter or admin)

/** GET claims/queue?status: one status, or (without) every claim not closed; oldest report first. */
export const claimQueueQuerySchema = v.object({ status: v.optional(claimStatusSchema) });

export const claimQueueItemSchema = v.object({
  ...claimSchema.entries,
  insuredName: v.string(),
  companyName: v.nullable(v.string()),
  /** When anything last happened on it: a move, a message or an attachment (ISO). */
  lastActivityAt: v.string(),
  /** The insured wrote or attached something after the handler's last message or move. */
  awaitingHandler: v.boolean(),
});
export type ClaimQueueItem = v.InferOutput<typeof claimQueueItemSchema>;
export const claimQueueSchema = v.array(claimQueueItemSchema);

/** GET claims/claim?claimid: the insured's view of the claim, the insured, and the moves allowed now. */
export const claimHandlerDetailSchema = v.object({
  ...claimDetailSchema.entries,
  insured: v.object({
    id: integer,
    name: v.string(),
    email: v.string(),
    companyName: v.nullable(v.string()),
    phone: v.nullable(v.string()),
  }),
  /** The statuses the lifecycle allows a handler to move it to now (empty: none). */
  moves: v.array(claimStatusSchema),
});
export type ClaimHandlerDetail = v.InferOutput<typeof claimHandlerDetailSchema>;

/**
 * POST claims/move (JSON or form): the claim, the status to move it to and, optionally, a note
 * the insured reads in the timeline and the mail. Only the lifecycle's legal moves: anything
 * else is a 409 naming status. Answers the claim's timeline entry for the move (201); with an
 * Idempotency-Key a retry answers it again (200). The insured is mailed.
 */
export const claimMoveRequestSchema = v.object({
  claimid: recordIdInputSchema,
  to: claimStatusSchema,
  note: optionalText(MAX_CLAIM_MESSAGE_LENGTH),
});
