import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import { policyInfo } from '@/api/billing';
import type { PolicyInfo } from '@shared/contract/billing';
import type { DocumentKind, DocumentList, MailQueued } from '@shared/contract/documents';
import { documentList, downloadDocument, type DownloadedDocument, type MailedDocument } from '@/api/documents';
import { shareDocumentMachine, type ShareDocumentOutput } from '@/machines/share-document.machine';
import { errorOf, outputOf } from '@/machines/actor-events';

/** One order's documents as documents/list answers them. */
export type DocumentOrder = DocumentList['orders'][number];

/**
 * Whose documents: every order of the account (the document screen), one order with its policy
 * (complete-order), or none listed, for a screen that only offers a download or a mail
 * (payment's invoice).
 */
export type DocumentsInput = { scope: 'account' } | { scope: 'order'; submissionId: number } | { scope: 'none' };

export interface LoadedDocuments {
  orders: DocumentOrder[];
  /** The order's policy (scope order), null until one is issued or for the other scopes. */
  policy: PolicyInfo | null;
  /** The server's business day a policy's standing is read by (documents/list's), null when it names none. */
  today: string | null;
}

/** A document to fetch: which, of which order, and the name to save it under when the server names none. */
export interface DocumentRef {
  submissionId: number;
  kind: DocumentKind;
  filename: string;
  /** One invoice of the order (kind invoice; the first when left out), or the instalment a notice is about. */
  invoiceId?: number;
  /** The endorsement an endorsement's PDF (a change, the cancellation's notice, a tail) is fetched by. */
  endorsementId?: number;
}

/** Whether two references name the same document. */
export const sameDocument = (a: DocumentRef | null, b: DocumentRef): boolean =>
  a?.submissionId === b.submissionId &&
  a.kind === b.kind &&
  a.invoiceId === b.invoiceId &&
  a.endorsementId === b.endorsementId;

/** The last mail queued, for the screen to announce; `count` makes a repeat announced again. */
export interface SharedMail {
  what: MailedDocument;
  submissionId: number;
  queued: MailQueued;
  count: number;
}

export interface DocumentsContext {
  input: DocumentsInput;
  orders: DocumentOrder[];
  policy: PolicyInfo | null;
  today: string | null;
  /** Why the list could not load, in words. */
  errorMessage: string | undefined;
  /** The document being fetched (or last fetched). */
  document: DocumentRef | null;
  /** The last download that failed, with its document. */
  failure: (DocumentRef & { message: string }) | null;
  shared: SharedMail | null;
}

export type DocumentsEvent =
  | { type: 'documents.retry' }
  | ({ type: 'document.download' } & DocumentRef)
  | { type: 'share.open'; what: MailedDocument; submissionId: number; orderNumber: string; to: string };

/** GET documents/list, and for one order GET insured/policyinfo beside it (its 404: no policy yet). */
export async function loadDocuments(input: DocumentsInput): Promise<LoadedDocuments> {
  if (input.scope === 'none') return { orders: [], policy: null, today: null };
  if (input.scope === 'account') {
    const list = await documentList();
    return { orders: list.orders, policy: null, today: list.today ?? null };
  }
  const [list, policy] = await Promise.all([
    documentList(),
    policyInfo(input.submissionId).catch((error: unknown) => {
      if (errorStatus(error) === 404) return null;
      throw error;
    }),
  ]);
  return {
    orders: list.orders.filter((order) => order.submissionId === input.submissionId),
    policy,
    today: list.today ?? null,
  };
}

/**
 * An account's (or one order's) documents: the list loads, each document downloads with the
 * bearer token one at a time (a click on another while one is fetched is ignored), and the blob
 * is handed to the `saveFile` action the component provides (the machine touches no DOM). A
 * failure is kept beside its document until the next download. "E-mail …" opens the share
 * dialog (shareDocumentMachine, invoked here); the mail it queued is kept to be announced.
 */
export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    input: {} as DocumentsInput,
    events: {} as DocumentsEvent,
  },
  actors: {
    loadDocuments: fromPromise<LoadedDocuments, DocumentsInput>(({ input }) => loadDocuments(input)),
    fetchDocument: fromPromise<DownloadedDocument, DocumentRef>(({ input }) =>
      downloadDocument(input.kind, input.submissionId, input.filename, input.invoiceId, input.endorsementId),
    ),
    shareDocument: shareDocumentMachine,
  },
  actions: {
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    storeLoaded: assign((_, loaded: LoadedDocuments) => ({ ...loaded, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startDownload: assign((_, document: DocumentRef) => ({ document, failure: null })),
    storeFailure: assign(({ context }, error: unknown) => ({
      failure: context.document && { ...context.document, message: errorText(error) },
    })),
    storeShared: assign(({ context }, output: ShareDocumentOutput) => ({
      shared: output.queued
        ? {
            what: output.what,
            submissionId: output.submissionId,
            queued: output.queued,
            count: (context.shared?.count ?? 0) + 1,
          }
        : context.shared,
    })),
  },
  guards: {
    listsNothing: ({ context }) => context.input.scope === 'none',
  },
}).createMachine({
  id: 'documents',
  context: ({ input }) => ({
    input,
    orders: [],
    policy: null,
    today: null,
    errorMessage: undefined,
    document: null,
    failure: null,
    shared: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A moment’s check of whether this screen lists documents at all.',
      always: [
        {
          guard: 'listsNothing',
          target: 'ready',
          description: 'It lists none: it only offers a download or an e-mail.',
        },
        { target: 'loading', description: 'It lists documents: they are fetched.' },
      ],
    },
    loading: {
      description: 'The list of documents (and, for one order, its policy) is being fetched.',
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        input: ({ context }) => context.input,
        onDone: {
          target: 'ready',
          description: 'The documents arrived.',
          actions: { type: 'storeLoaded', params: outputOf<LoadedDocuments> },
        },
        onError: {
          target: 'failed',
          description: 'The documents could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    failed: {
      description: 'The documents could not be fetched; the reason shows with Try again.',
      on: { 'documents.retry': { target: 'loading', description: 'The person tries again.' } },
    },
    ready: {
      description:
        'The person sees their documents, each to download or e-mail, with the last download’s failure beside its document.',
      on: {
        'document.download': {
          target: 'downloading',
          description: 'The person downloads a document.',
          actions: {
            type: 'startDownload',
            params: ({ event }) => ({
              submissionId: event.submissionId,
              kind: event.kind,
              filename: event.filename,
              ...(event.invoiceId === undefined ? {} : { invoiceId: event.invoiceId }),
              ...(event.endorsementId === undefined ? {} : { endorsementId: event.endorsementId }),
            }),
          },
        },
        'share.open': { target: 'sharing', description: 'The person chooses to e-mail a document.' },
      },
    },
    downloading: {
      description: 'One document is being downloaded; a click on another meanwhile is ignored.',
      invoke: {
        id: 'fetchDocument',
        src: 'fetchDocument',
        input: ({ context }) => context.document!,
        onDone: {
          target: 'ready',
          description: 'The file is handed to the browser to save.',
          actions: {
            type: 'saveFile',
            params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
          },
        },
        onError: {
          target: 'ready',
          description: 'The download failed: the reason shows beside the document.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
    sharing: {
      description: 'The dialog to e-mail the document is open.',
      invoke: {
        id: 'shareDocument',
        src: 'shareDocument',
        input: ({ event }) => {
          const open = event as Extract<DocumentsEvent, { type: 'share.open' }>;
          return { what: open.what, submissionId: open.submissionId, orderNumber: open.orderNumber, to: open.to };
        },
        onDone: {
          target: 'ready',
          description: 'The dialog closed; a mail it queued is announced.',
          actions: { type: 'storeShared', params: outputOf<ShareDocumentOutput> },
        },
      },
    },
  },
});
