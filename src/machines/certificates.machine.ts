import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorText, serverMessage } from '@/api/api-error';
import { downloadCertificatePdf, getCertificates, issueCertificate } from '@/api/certificates';
import type { DownloadedDocument } from '@/api/documents';
import { newSaveKey } from '@/api/saved-quote';
import {
  issueCertificateRequestSchema,
  type Certificate,
  type CertificateList,
  type IssueCertificateRequest,
} from '@shared/contract/certificates';
import { errorOf, outputOf } from '@/machines/actor-events';

/** The certificate holder as the form sends it: everything of the request but the policy. */
export type HolderRequest = Omit<IssueCertificateRequest, 'policyid'>;

export interface CertificatesInput {
  policyId: number;
}

/** Why the last issue was refused: the server's words, and its messages by field (holderName, zipcode…). */
export interface IssueFailure {
  message: string;
  fields: Record<string, string>;
}

export interface CertificatesContext {
  policyId: number;
  /** The policy's certificates, its standing and whether another can be issued; null until loaded. */
  list: CertificateList | null;
  /** Why the list could not load, in words. */
  errorMessage: string | undefined;
  /** The Idempotency-Key of the current attempt to issue. */
  idempotencyKey: string;
  /** What that key was sent with: sending the very same holder again is a retry of the same attempt. */
  lastSent: HolderRequest | null;
  failure: IssueFailure | null;
  /** The certificate issued last, for the screen to announce (and to clear its form); null before any. */
  issued: Certificate | null;
  /** The certificate being downloaded (or downloaded last). */
  download: Certificate | null;
  /** The last download that failed, with its certificate. */
  downloadFailure: { certificateId: number; message: string } | null;
}

export type CertificatesEvent =
  | { type: 'certificates.retry' }
  | { type: 'certificate.issue'; holder: HolderRequest }
  | { type: 'certificate.download'; certificateId: number };

/** The request without the policy, as the server reads it (trimmed, an empty second line as none). */
const holderSchema = v.omit(issueCertificateRequestSchema, ['policyid']);

const asRead = (holder: HolderRequest) => {
  const parsed = v.safeParse(holderSchema, holder);
  return JSON.stringify(parsed.success ? parsed.output : holder);
};

/** Whether two holders are the same request to the server (so the same attempt, with the same key). */
const sameHolder = (a: HolderRequest | null, b: HolderRequest) => a !== null && asRead(a) === asRead(b);

function describeFailure(error: unknown): IssueFailure {
  const fields = errorFields(error);
  // A refusal the server explained reads without its status; anything else (not reached, 5xx) as errorText says it.
  return { message: serverMessage(error) ?? errorText(error), fields };
}

/**
 * One policy's certificates of insurance (certificates screen): the list loads with the policy's
 * standing and whether a certificate can be issued today; the insured names a holder in the
 * form (checked there against the contract first), the certificate is issued and at once
 * downloaded; an earlier one downloads again at any time. One call at a time: a click while one
 * is under way is ignored. A refused issue keeps the server's messages by field until the next
 * attempt, also across a download. The downloaded file goes to the `saveFile` action the
 * component provides (the machine touches no DOM).
 *
 * Each attempt to issue carries an Idempotency-Key: sending the very same holder again after a
 * failure (the answer may have been lost on the way back) reuses it, so the server issues one
 * certificate; a changed holder is a new attempt with a new key, and so is the next certificate
 * after one was issued.
 */
export const certificatesMachine = setup({
  types: {
    context: {} as CertificatesContext,
    input: {} as CertificatesInput,
    events: {} as CertificatesEvent,
  },
  actors: {
    loadCertificates: fromPromise<CertificateList, { policyId: number }>(({ input }) =>
      getCertificates(input.policyId),
    ),
    issueCertificate: fromPromise<Certificate, { request: IssueCertificateRequest; idempotencyKey: string }>(
      ({ input }) => issueCertificate(input.request, input.idempotencyKey),
    ),
    fetchCertificate: fromPromise<DownloadedDocument, { certificate: Certificate }>(({ input }) =>
      downloadCertificatePdf(input.certificate),
    ),
  },
  actions: {
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    storeList: assign((_, list: CertificateList) => ({ list, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startAttempt: assign(({ context }, holder: HolderRequest) => ({
      idempotencyKey: sameHolder(context.lastSent, holder) ? context.idempotencyKey : newSaveKey(),
      lastSent: holder,
      failure: null,
      downloadFailure: null,
    })),
    storeRefusal: assign((_, error: unknown) => ({ failure: describeFailure(error) })),
    // Newest first, as the list comes; a retry answered with the same certificate is not listed twice.
    storeIssued: assign(({ context }, certificate: Certificate) => ({
      issued: certificate,
      download: certificate,
      lastSent: null,
      failure: null,
      list: context.list && {
        ...context.list,
        certificates: [certificate, ...context.list.certificates.filter((listed) => listed.id !== certificate.id)],
      },
    })),
    startDownload: assign(({ context }, certificateId: number) => ({
      download: context.list?.certificates.find((certificate) => certificate.id === certificateId) ?? null,
      downloadFailure: null,
    })),
    storeDownloadFailure: assign(({ context }, error: unknown) => ({
      downloadFailure: context.download && { certificateId: context.download.id, message: errorText(error) },
    })),
  },
  guards: {
    canIssue: ({ context }) => context.list?.canIssue === true,
    listed: ({ context }, certificateId: number) =>
      context.list?.certificates.some((certificate) => certificate.id === certificateId) === true,
    refusedBefore: ({ context }) => context.failure !== null,
  },
}).createMachine({
  id: 'certificates',
  context: ({ input }) => ({
    policyId: input.policyId,
    list: null,
    errorMessage: undefined,
    idempotencyKey: '',
    lastSent: null,
    failure: null,
    issued: null,
    download: null,
    downloadFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The policy’s certificates, its standing today and whether another can be issued are being fetched.',
      invoke: {
        id: 'loadCertificates',
        src: 'loadCertificates',
        input: ({ context }) => ({ policyId: context.policyId }),
        onDone: {
          target: 'ready',
          description: 'The certificates arrived.',
          actions: { type: 'storeList', params: outputOf<CertificateList> },
        },
        onError: {
          target: 'loadFailed',
          description: 'They could not be fetched (or the policy is not the insured’s).',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The certificates could not be fetched; the reason shows with Try again.',
      on: { 'certificates.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    ready: {
      description:
        'The insured sees the policy’s standing and its certificates, each to download or share, and, when the policy can issue one, the form to add a certificate holder.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list and the form wait for the insured.',
          on: {
            'certificate.issue': {
              guard: 'canIssue',
              target: 'issuing',
              description: 'The insured adds a certificate holder; the form has checked what was typed.',
              actions: { type: 'startAttempt', params: ({ event }) => event.holder },
            },
            'certificate.download': {
              guard: { type: 'listed', params: ({ event }) => event.certificateId },
              target: 'downloading',
              description: 'The insured downloads a certificate again.',
              actions: { type: 'startDownload', params: ({ event }) => event.certificateId },
            },
          },
        },
        issuing: {
          description: 'The certificate is being issued; sending the same holder again never issues a second one.',
          invoke: {
            id: 'issueCertificate',
            src: 'issueCertificate',
            input: ({ context }) => ({
              request: { ...context.lastSent!, policyid: context.policyId },
              idempotencyKey: context.idempotencyKey,
            }),
            onDone: {
              target: 'downloading',
              description: 'Issued: it joins the top of the list and downloads at once.',
              actions: { type: 'storeIssued', params: outputOf<Certificate> },
            },
            onError: {
              target: 'issueFailed',
              description: 'Refused or not reached: the form says why, field by field.',
              actions: { type: 'storeRefusal', params: errorOf },
            },
          },
        },
        issueFailed: {
          description: 'The form shows why the certificate was not issued, beside the fields the server named.',
          on: {
            'certificate.issue': {
              guard: 'canIssue',
              target: 'issuing',
              description: 'The insured sends the holder again, corrected or not.',
              actions: { type: 'startAttempt', params: ({ event }) => event.holder },
            },
            'certificate.download': {
              guard: { type: 'listed', params: ({ event }) => event.certificateId },
              target: 'downloading',
              description: 'The insured downloads a certificate again; the refusal stays shown.',
              actions: { type: 'startDownload', params: ({ event }) => event.certificateId },
            },
          },
        },
        downloading: {
          description: 'One certificate’s PDF is being fetched, the one just issued or an earlier one.',
          invoke: {
            id: 'fetchCertificate',
            src: 'fetchCertificate',
            input: ({ context }) => ({ certificate: context.download! }),
            onDone: [
              {
                guard: 'refusedBefore',
                target: 'issueFailed',
                description: 'The file is handed to the browser; the form still shows its refusal.',
                actions: {
                  type: 'saveFile',
                  params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
                },
              },
              {
                target: 'idle',
                description: 'The file is handed to the browser to save.',
                actions: {
                  type: 'saveFile',
                  params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
                },
              },
            ],
            onError: [
              {
                guard: 'refusedBefore',
                target: 'issueFailed',
                description:
                  'The download failed: the reason shows beside the certificate, and the form keeps its refusal.',
                actions: { type: 'storeDownloadFailure', params: errorOf },
              },
              {
                target: 'idle',
                description:
                  'The download failed: the reason shows beside the certificate, with Download to try again.',
                actions: { type: 'storeDownloadFailure', params: errorOf },
              },
            ],
          },
        },
      },
    },
  },
});
