import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '@/api/api-error';
import { policyInfo } from '@/api/billing';
import { getClaimablePolicies } from '@/api/claims';
import { getSubmissionDetails } from '@/api/dashboard';
import { downloadDocument, type DownloadedDocument } from '@/api/documents';
import { downloadEndorsementPdf, getPolicyHistory } from '@/api/policy-history';
import { getRenewal } from '@/api/renewal';
import type { PolicyInfo } from '@shared/contract/billing';
import type { Renewal } from '@shared/contract/renewal';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { Endorsement, PolicyHistory } from '@shared/contract/endorsements';
import { errorOf, outputOf } from '@/machines/actor-events';

/**
 * The policy as issued (insured/policyinfo), its history since (insured/policyhistory), and where
 * its renewal stands (insured/renewal): null when there is none to speak of (a policy no longer
 * current is the server's 409) or it could not be read — the page then offers no renewal.
 */
export interface LoadedPolicy {
  policy: PolicyInfo;
  history: PolicyHistory;
  renewal: Renewal | null;
}

const reads = { getPolicyHistory, getSubmissionDetails, policyInfo, getRenewal };

/**
 * One policy by its id: its history first (a policy that is not the insured's is the server's
 * 404), beside the insured's orders, whose policy number finds the order insured/policyinfo is
 * asked by (it takes the order's id, not the policy's).
 */
export async function loadPolicy(policyId: number, api = reads): Promise<LoadedPolicy> {
  const [history, orders, renewal] = await Promise.all([
    api.getPolicyHistory(policyId),
    api.getSubmissionDetails(),
    // The renewal is a link on the page, not the page: without it the policy still shows.
    api.getRenewal(policyId).catch(() => null),
  ]);
  const order = orders.find((candidate) => candidate.policy?.number === history.policyNumber);
  if (!order) throw new Error(`Policy ${history.policyNumber} is not among your orders.`);
  return { policy: await api.policyInfo(order.submissionId), history, renewal };
}

export interface PolicyHistoryInput {
  /** The policy in the address; none: the insured chooses among theirs. */
  policyId: number | undefined;
}

/** What is being downloaded: an endorsement's PDF, or the policy's declarations as they read now. */
export type PolicyDownload = { kind: 'endorsement'; endorsementId: number } | { kind: 'declarations' };

export interface PolicyHistoryContext {
  policyId: number | undefined;
  /** The insured's policies, to choose from (no policy in the address). */
  policies: ClaimablePolicy[];
  policy: PolicyInfo | null;
  history: PolicyHistory | null;
  /** Where the policy's renewal stands; null when none is to be offered or it could not be read. */
  renewal: Renewal | null;
  /** Why the policy (or the list of policies) could not load, in words. */
  errorMessage: string | undefined;
  /** The download under way, or the last one. */
  download: PolicyDownload | null;
  /** The last download that failed, with what it was. */
  downloadFailure: (PolicyDownload & { message: string }) | null;
  /** The last download that succeeded, for the screen to announce. */
  downloaded: { download: PolicyDownload; filename: string } | null;
}

export type PolicyHistoryEvent =
  | { type: 'policy.retry' }
  | { type: 'endorsement.download'; endorsementId: number }
  | { type: 'declarations.download' };

/**
 * The "Your policy" screen (policy-history): one policy's standing, its cover as it reads now
 * and its history (its issue and every endorsement, newest first), each issued endorsement's PDF
 * and the declarations downloaded one at a time (a click while one is fetched is ignored). Without
 * a policy in the address the insured's policies are listed to choose from, or the only one is
 * opened at once. Opening a policy and saving a file are actions the component provides (the
 * machine touches neither the router nor the DOM).
 */
export const policyHistoryMachine = setup({
  types: {
    context: {} as PolicyHistoryContext,
    input: {} as PolicyHistoryInput,
    events: {} as PolicyHistoryEvent,
  },
  actors: {
    /** GET insured/policies. */
    loadPolicies: fromPromise<ClaimablePolicy[]>(() => getClaimablePolicies()),
    /** GET insured/policyhistory and dashboard/submissiondetails, then insured/policyinfo. */
    loadPolicy: fromPromise<LoadedPolicy, { policyId: number }>(({ input }) => loadPolicy(input.policyId)),
    /** POST documents/downloadendorsement. */
    fetchEndorsement: fromPromise<DownloadedDocument, { endorsement: Endorsement }>(({ input }) =>
      downloadEndorsementPdf(input.endorsement),
    ),
    /** POST documents/downloadpolicy (documentType declarations), as the documents screen downloads it. */
    fetchDeclarations: fromPromise<DownloadedDocument, { policy: PolicyInfo }>(({ input }) =>
      downloadDocument(
        'declarations',
        input.policy.submissionId,
        `declarations-${input.policy.policyNumber}.pdf`.toLowerCase(),
      ),
    ),
  },
  actions: {
    /** Provided at the router edge: shows the policy (the only one the insured has), in place of the list. */
    openPolicy: (_, _params: { policyId: number }) => {},
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    storePolicies: assign((_, policies: ClaimablePolicy[]) => ({ policies, errorMessage: undefined })),
    storePolicy: assign((_, loaded: LoadedPolicy) => ({ ...loaded, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startDownload: assign((_, download: PolicyDownload) => ({ download, downloadFailure: null, downloaded: null })),
    storeDownloaded: assign(({ context }, filename: string) => ({
      downloaded: context.download && { download: context.download, filename },
    })),
    storeDownloadFailure: assign(({ context }, error: unknown) => ({
      downloadFailure: context.download && { ...context.download, message: errorText(error) },
    })),
  },
  guards: {
    policyChosen: ({ context }) => context.policyId !== undefined,
    onlyOnePolicy: (_, policies: ClaimablePolicy[]) => policies.length === 1,
    noPolicies: (_, policies: ClaimablePolicy[]) => policies.length === 0,
    downloadable: ({ context }, endorsementId: number) =>
      context.history?.endorsements.some((row) => row.id === endorsementId && row.hasDocument) === true,
  },
}).createMachine({
  id: 'policyHistory',
  context: ({ input }) => ({
    policyId: input.policyId,
    policies: [],
    policy: null,
    renewal: null,
    history: null,
    errorMessage: undefined,
    download: null,
    downloadFailure: null,
    downloaded: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The address says which policy to show, or none.',
      always: [
        { guard: 'policyChosen', target: 'loading', description: 'A policy is named: it is shown.' },
        { target: 'choosing', description: 'None is named: the insured chooses among theirs.' },
      ],
    },
    choosing: {
      description: 'No policy in the address: the insured’s policies are listed to choose from.',
      initial: 'loadingPolicies',
      states: {
        loadingPolicies: {
          description: 'The insured’s policies are being fetched.',
          invoke: {
            id: 'loadPolicies',
            src: 'loadPolicies',
            onDone: [
              {
                guard: { type: 'noPolicies', params: outputOf<ClaimablePolicy[]> },
                target: 'noPolicies',
                description: 'The insured has no policy yet.',
                actions: { type: 'storePolicies', params: outputOf<ClaimablePolicy[]> },
              },
              {
                guard: { type: 'onlyOnePolicy', params: outputOf<ClaimablePolicy[]> },
                target: 'openingOnly',
                description: 'The insured has one policy: it is opened at once, without a choice to make.',
                actions: [
                  { type: 'storePolicies', params: outputOf<ClaimablePolicy[]> },
                  { type: 'openPolicy', params: ({ event }) => ({ policyId: event.output[0]!.id }) },
                ],
              },
              {
                target: 'picking',
                description: 'The insured has several: each is listed with its speciality and period.',
                actions: { type: 'storePolicies', params: outputOf<ClaimablePolicy[]> },
              },
            ],
            onError: {
              target: 'policiesFailed',
              description: 'They could not be fetched.',
              actions: { type: 'storeLoadError', params: errorOf },
            },
          },
        },
        picking: { description: 'The insured picks the policy to see; each is a link to it.' },
        noPolicies: { description: 'No policy yet: the screen says a policy comes once an order is paid for.' },
        openingOnly: { description: 'The only policy is being opened in place of the list.' },
        policiesFailed: {
          description: 'The policies could not be fetched; the reason shows with Try again.',
          on: {
            'policy.retry': { target: 'loadingPolicies', description: 'The insured tries again.' },
          },
        },
      },
    },
    loading: {
      description: 'The policy as issued and its history since are being fetched.',
      invoke: {
        id: 'loadPolicy',
        src: 'loadPolicy',
        input: ({ context }) => ({ policyId: context.policyId! }),
        onDone: {
          target: 'ready',
          description: 'The policy and its history arrived.',
          actions: { type: 'storePolicy', params: outputOf<LoadedPolicy> },
        },
        onError: {
          target: 'loadFailed',
          description: 'They could not be fetched (or the policy is not the insured’s).',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The policy could not be fetched; the reason shows with Try again and the way to the others.',
      on: { 'policy.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    ready: {
      description:
        'The insured sees where the policy stands today, its cover as it reads now, what they can do with it, and its history, newest first.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The policy waits for the insured.',
          on: {
            'endorsement.download': {
              guard: { type: 'downloadable', params: ({ event }) => event.endorsementId },
              target: 'downloadingEndorsement',
              description: 'The insured downloads an issued endorsement’s PDF.',
              actions: {
                type: 'startDownload',
                params: ({ event }) => ({ kind: 'endorsement', endorsementId: event.endorsementId }),
              },
            },
            'declarations.download': {
              target: 'downloadingDeclarations',
              description: 'The insured downloads the declarations, reissued with every change.',
              actions: { type: 'startDownload', params: { kind: 'declarations' } },
            },
          },
        },
        downloadingEndorsement: {
          description: 'An endorsement’s PDF is being fetched.',
          invoke: {
            id: 'fetchEndorsement',
            src: 'fetchEndorsement',
            input: ({ context }) => {
              const { download, history } = context;
              const id = download?.kind === 'endorsement' ? download.endorsementId : undefined;
              return { endorsement: history!.endorsements.find((row) => row.id === id)! };
            },
            onDone: {
              target: 'idle',
              description: 'The file is handed to the browser to save.',
              actions: [
                { type: 'saveFile', params: ({ event }) => event.output },
                { type: 'storeDownloaded', params: ({ event }) => event.output.filename },
              ],
            },
            onError: {
              target: 'idle',
              description: 'The download failed: the reason shows beside the endorsement, with Download to try again.',
              actions: { type: 'storeDownloadFailure', params: errorOf },
            },
          },
        },
        downloadingDeclarations: {
          description: 'The declarations are being fetched.',
          invoke: {
            id: 'fetchDeclarations',
            src: 'fetchDeclarations',
            input: ({ context }) => ({ policy: context.policy! }),
            onDone: {
              target: 'idle',
              description: 'The file is handed to the browser to save.',
              actions: [
                { type: 'saveFile', params: ({ event }) => event.output },
                { type: 'storeDownloaded', params: ({ event }) => event.output.filename },
              ],
            },
            onError: {
              target: 'idle',
              description: 'The download failed: the reason shows beside the button, to try again.',
              actions: { type: 'storeDownloadFailure', params: errorOf },
            },
          },
        },
      },
    },
  },
});
