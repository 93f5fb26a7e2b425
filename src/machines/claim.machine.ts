import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import { getClaim, sendClaimMessage, uploadClaimAttachments } from '@/api/claims';
import { newSaveKey } from '@/api/saved-quote';
import type { ClaimAttachment, ClaimDetail, ClaimMessage } from '@shared/contract/claims';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@shared/contract/files';
import { claimIsOpen } from '@shared/lifecycle/claim-lifecycle.machine';
import { errorOf, outputOf } from '@/machines/actor-events';
import {
  conversationRegion,
  conversationStart,
  messageStarted,
  messageStored,
  refusalOf,
  withRecords,
  type ConversationContext,
} from '@/machines/claim-conversation';

export interface ClaimInput {
  claimId: number;
}

/** The last upload's outcome, as the order's upload field shows it (src/components/files/file-upload.tsx). */
export type AttachmentOutcome = { kind: 'uploaded'; files: ClaimAttachment[] } | { kind: 'refused'; message: string };

export interface ClaimContext extends ConversationContext {
  claimId: number;
  /** The claim with its timeline, messages and attachments; null until loaded. */
  detail: ClaimDetail | null;
  /** Why the claim could not load (or reload), in words. */
  errorMessage: string | undefined;
  upload: AttachmentOutcome | null;
  /** Counts outcomes, so the same outcome twice is announced twice. */
  uploads: number;
  /** The files going up now, and those chosen meanwhile, which go up next. */
  sending: File[];
  queued: File[];
}

export type ClaimEvent =
  { type: 'claim.retry' } | { type: 'message.send'; body: string } | { type: 'files.upload'; files: File[] };

const MB = 1024 * 1024;

/**
 * What the server would refuse in any case, said before anything is sent: too many files, a file
 * over 10 MB, or more than 25 MB in all, naming the file (the server checks the type by content,
 * and all of this again).
 */
export function uploadTooBig(files: readonly File[]): string | undefined {
  if (files.length > MAX_FILES_PER_UPLOAD)
    return `You chose ${files.length} files: at most ${MAX_FILES_PER_UPLOAD} go up at a time. Nothing was uploaded.`;
  const large = files.find((file) => file.size > MAX_FILE_BYTES);
  if (large) return `${large.name} is larger than ${MAX_FILE_BYTES / MB} MB. Nothing was uploaded.`;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_UPLOAD_BYTES)
    return `These files come to more than ${MAX_UPLOAD_BYTES / MB} MB together: choose fewer at a time. Nothing was uploaded.`;
  return undefined;
}

/** The claim takes messages and files: open by the server's word and by the lifecycle. */
const takesMore = (detail: ClaimDetail | null) => detail !== null && detail.open && claimIsOpen(detail.claim.status);

/**
 * One of the insured's claims (claim/{claimid}): where it stands on the way reported →
 * acknowledged → under review → closed, the conversation with whoever handles it and the files
 * attached. While the claim is open the insured writes (each message with an Idempotency-Key
 * made once for it, so a retry after a lost answer sends it once) and attaches files (checked
 * here for count and size, by the server for type by content); both can go on at once. A closed
 * claim is read-only. A 409 means the claim was closed meanwhile: it is fetched again to show
 * so. Someone else's claim, or none, is "not found" alike.
 */
export const claimMachine = setup({
  types: {
    context: {} as ClaimContext,
    input: {} as ClaimInput,
    events: {} as ClaimEvent,
  },
  actors: {
    loadClaim: fromPromise<ClaimDetail, { claimId: number }>(({ input }) => getClaim(input.claimId)),
    sendMessage: fromPromise<ClaimMessage, { claimId: number; body: string; idempotencyKey: string }>(({ input }) =>
      sendClaimMessage('insured', input.claimId, input.body, input.idempotencyKey),
    ),
    uploadAttachments: fromPromise<ClaimAttachment[], { claimId: number; files: File[]; idempotencyKey: string }>(
      ({ input }) => uploadClaimAttachments(input.claimId, input.files, input.idempotencyKey),
    ),
  },
  actions: {
    storeDetail: assign((_, detail: ClaimDetail) => ({ detail, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startMessage: assign(({ context }, body: string) => messageStarted(context, body)),
    storeMessage: assign(({ context }, message: ClaimMessage) => messageStored(context, message)),
    storeMessageFailure: assign((_, error: unknown) => ({ messageFailure: refusalOf(error) })),
    startUpload: assign((_, files: File[]) => ({ upload: null, sending: files })),
    queueFiles: assign(({ context }, files: File[]) => ({ queued: [...context.queued, ...files] })),
    sendQueued: assign(({ context }) => ({ sending: context.queued, queued: [] })),
    refuseLocally: assign(({ context }, files: File[]) => ({
      upload: { kind: 'refused', message: uploadTooBig(files)! } as const,
      uploads: context.uploads + 1,
    })),
    storeUploaded: assign(({ context }, files: ClaimAttachment[]) => ({
      upload: { kind: 'uploaded', files } as const,
      uploads: context.uploads + 1,
      detail: context.detail && { ...context.detail, attachments: withRecords(context.detail.attachments, files) },
    })),
    storeUploadRefusal: assign(({ context }, error: unknown) => ({
      upload: { kind: 'refused', message: refusalOf(error).message } as const,
      uploads: context.uploads + 1,
      queued: [],
    })),
  },
  guards: {
    /** Loading: a 400 is an id that could never be a claim, so it is "not found" too. */
    isMissing: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    /** A message or an upload: the claim is gone (or was never the insured's). */
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
    hasWords: ({ context }, body: string) => takesMore(context.detail) && body.trim() !== '',
    tooBig: ({ context }, files: File[]) => takesMore(context.detail) && uploadTooBig(files) !== undefined,
    hasFiles: ({ context }, files: File[]) => takesMore(context.detail) && files.length > 0,
    hasQueuedFiles: ({ context }) => context.queued.length > 0,
  },
}).createMachine({
  id: 'claim',
  context: ({ input }) => ({
    claimId: input.claimId,
    detail: null,
    errorMessage: undefined,
    ...conversationStart,
    upload: null,
    uploads: 0,
    sending: [],
    queued: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The claim, its timeline, messages and attachments are being fetched.',
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: {
          target: 'ready',
          description: 'The claim arrived.',
          actions: { type: 'storeDetail', params: outputOf<ClaimDetail> },
        },
        onError: [
          {
            guard: { type: 'isMissing', params: errorOf },
            target: 'notFound',
            description: 'There is no such claim of the insured’s.',
          },
          {
            target: 'loadFailed',
            description: 'It could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The claim could not be fetched; the reason shows with Try again.',
      on: { 'claim.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    notFound: {
      description: 'No such claim, or not the insured’s: the screen says it could not find it.',
      type: 'final',
    },
    refreshing: {
      description: 'The claim changed meanwhile (a handler closed it): it is fetched again, still shown as it was.',
      invoke: {
        id: 'reloadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: {
          target: 'ready',
          description: 'The claim as it is now.',
          actions: { type: 'storeDetail', params: outputOf<ClaimDetail> },
        },
        onError: [
          { guard: { type: 'isMissing', params: errorOf }, target: 'notFound', description: 'The claim is gone.' },
          {
            target: 'ready',
            description: 'It could not be fetched again: the claim shows as it was, with the reason.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    ready: {
      description:
        'The insured sees the claim’s progress, what they reported, the conversation and the attachments; while it is open, the box to write and the file field.',
      type: 'parallel',
      on: {
        'claim.retry': {
          target: 'refreshing',
          description: 'The claim could not be fetched again: the insured tries again.',
        },
      },
      states: {
        conversation: conversationRegion('claim', 'insured'),
        attachments: {
          description: 'The files on the claim, each to download, and the field to add more.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The field waits for files; the last upload’s outcome is announced.',
              on: {
                'files.upload': [
                  {
                    guard: { type: 'tooBig', params: ({ event }) => event.files },
                    description: 'Too many or too large files: refused here, naming the file, nothing sent.',
                    actions: { type: 'refuseLocally', params: ({ event }) => event.files },
                  },
                  {
                    guard: { type: 'hasFiles', params: ({ event }) => event.files },
                    target: 'uploading',
                    description: 'The insured chooses files for the open claim: they go up at once.',
                    actions: { type: 'startUpload', params: ({ event }) => event.files },
                  },
                ],
              },
            },
            uploading: {
              description: 'The chosen files are going up; files chosen meanwhile go up next.',
              on: {
                'files.upload': {
                  guard: { type: 'hasFiles', params: ({ event }) => event.files },
                  description: 'More files chosen meanwhile: they go up next.',
                  actions: { type: 'queueFiles', params: ({ event }) => event.files },
                },
              },
              invoke: {
                id: 'uploadAttachments',
                src: 'uploadAttachments',
                // One key per chosen set of files, made as they go up.
                input: ({ context }) => ({
                  claimId: context.claimId,
                  files: context.sending,
                  idempotencyKey: newSaveKey(),
                }),
                onDone: [
                  {
                    guard: 'hasQueuedFiles',
                    target: 'uploading',
                    reenter: true,
                    description: 'Uploaded, and more files are waiting: they go up now.',
                    actions: [{ type: 'storeUploaded', params: outputOf<ClaimAttachment[]> }, 'sendQueued'],
                  },
                  {
                    target: 'idle',
                    description: 'Uploaded: the files join the list.',
                    actions: { type: 'storeUploaded', params: outputOf<ClaimAttachment[]> },
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isGone', params: errorOf },
                    target: '#claim.notFound',
                    description: 'The claim is gone.',
                  },
                  {
                    guard: { type: 'isConflict', params: errorOf },
                    target: '#claim.refreshing',
                    description: 'The claim was closed meanwhile: it is fetched again, and the refusal says so.',
                    actions: { type: 'storeUploadRefusal', params: errorOf },
                  },
                  {
                    target: 'idle',
                    description:
                      'Refused (a type not taken, too big, empty) or not reached: the server’s words, naming the file; files waiting are dropped.',
                    actions: { type: 'storeUploadRefusal', params: errorOf },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
