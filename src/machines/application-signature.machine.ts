import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import { loadApplication, signApplication, type SigningInput } from '@/api/application-signature';
import type { Application, ApplicationSignature } from '@shared/contract/application-signature';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface ApplicationSignatureInput {
  submissionId: number;
  /**
   * The account holder's name, known since sign-up: the signature starts from it, so signing is
   * a clear act (the boxes and the button), not typing a name a second time. It can be changed
   * when someone else signs for the firm.
   */
  signerName?: string | undefined;
}

/** The signing form's fields as the server names them. */
export type SigningField = 'signerName' | 'consentToElectronicRecords' | 'agreeToDeclarations';

export interface ApplicationSignatureContext extends ApplicationSignatureInput {
  application: Application | null;
  /** As typed; trimmed when sent. */
  signerName: string;
  consentToElectronicRecords: boolean;
  agreeToDeclarations: boolean;
  /** Each field's message, from the form's own check or a 400. */
  fieldErrors: Partial<Record<SigningField, string>>;
  /** Why loading or signing failed, in words. */
  errorMessage: string | undefined;
  /** Set when a signing was refused because the application changed meanwhile: it was read again. */
  changedNotice: boolean;
}

export type ApplicationSignatureEvent =
  | { type: 'signer.name'; value: string }
  | { type: 'signer.consent'; checked: boolean }
  | { type: 'signer.agree'; checked: boolean }
  | { type: 'application.sign' }
  | { type: 'application.retry' };

/** What the form says when a field is left as it is. */
export const FIELD_MESSAGES: Record<SigningField, string> = {
  signerName: 'Type your full name to sign',
  consentToElectronicRecords: 'Tick this box to agree to electronic records and signatures',
  agreeToDeclarations: 'Tick this box to declare the statements are true',
};

/** The form's own check, before anything is sent: the server checks the same. */
export function signingProblems(
  context: Pick<ApplicationSignatureContext, SigningField>,
): Partial<Record<SigningField, string>> {
  const name = context.signerName.trim();
  const problems: Partial<Record<SigningField, string>> = {};
  if (name.length < 2 || name.length > 120 || !/\p{L}/u.test(name)) problems.signerName = FIELD_MESSAGES.signerName;
  if (!context.consentToElectronicRecords)
    problems.consentToElectronicRecords = FIELD_MESSAGES.consentToElectronicRecords;
  if (!context.agreeToDeclarations) problems.agreeToDeclarations = FIELD_MESSAGES.agreeToDeclarations;
  return problems;
}

/** A refused signing whose record changed since it was read (409 naming recordHash). */
const isChangedRecord = (error: unknown) => errorStatus(error) === 409 && 'recordHash' in errorFields(error);

function refusalWords(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return 'We could not find this order. It may belong to another account.';
  if (status === 409) return `This application can no longer be signed. ${serverMessage(error) ?? ''}`.trim();
  if (status === 400) return serverMessage(error) ?? 'Please check what you entered.';
  return `Your signature was not saved. ${errorText(error)}`;
}

/**
 * Reviewing and signing an order's application before paying (issue 16). The application loads
 * (GET insured/application); unsigned, the insured reviews it, types their name and ticks the two
 * boxes, and signs (POST insured/signapplication with the hash of the record on screen). Signed,
 * it says by whom and when; stale (an answer or the cover changed after signing), it asks for a
 * new signature. A refusal because the application changed meanwhile reads it again and says so;
 * any other failure keeps the form, with the reason, to sign again.
 */
export const applicationSignatureMachine = setup({
  types: {
    context: {} as ApplicationSignatureContext,
    input: {} as ApplicationSignatureInput,
    events: {} as ApplicationSignatureEvent,
  },
  actors: {
    /** GET insured/application. */
    loadApplication: fromPromise<Application, number>(({ input }) => loadApplication(input)),
    /** POST insured/signapplication. */
    signApplication: fromPromise<ApplicationSignature, SigningInput>(({ input }) => signApplication(input)),
  },
  actions: {
    storeApplication: assign((_, application: Application) => ({ application, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    editName: assign(({ context }, value: string) => ({
      signerName: value,
      fieldErrors: { ...context.fieldErrors, signerName: undefined },
    })),
    editConsent: assign(({ context }, checked: boolean) => ({
      consentToElectronicRecords: checked,
      fieldErrors: {
        ...context.fieldErrors,
        consentToElectronicRecords: checked ? undefined : context.fieldErrors.consentToElectronicRecords,
      },
    })),
    editAgree: assign(({ context }, checked: boolean) => ({
      agreeToDeclarations: checked,
      fieldErrors: {
        ...context.fieldErrors,
        agreeToDeclarations: checked ? undefined : context.fieldErrors.agreeToDeclarations,
      },
    })),
    showProblems: assign(({ context }) => ({ fieldErrors: signingProblems(context), errorMessage: undefined })),
    startSigning: assign({ fieldErrors: {}, errorMessage: undefined, changedNotice: false }),
    storeSignature: assign(({ context }, signature: ApplicationSignature) => ({
      application: context.application && { ...context.application, signature },
    })),
    storeRefusal: assign((_, error: unknown) => ({
      errorMessage: refusalWords(error),
      fieldErrors: errorStatus(error) === 400 ? (errorFields(error) as Partial<Record<SigningField, string>>) : {},
    })),
    noteChanged: assign({ changedNotice: true, errorMessage: undefined }),
  },
  guards: {
    isSigned: ({ context }) => context.application?.signature?.current === true,
    isStale: ({ context }) => context.application?.signature?.current === false,
    canSign: ({ context }) => Object.keys(signingProblems(context)).length === 0,
    recordChanged: (_, error: unknown) => isChangedRecord(error),
  },
}).createMachine({
  id: 'applicationSignature',
  context: ({ input }) => ({
    submissionId: input.submissionId,
    application: null,
    signerName: input.signerName ?? '',
    consentToElectronicRecords: false,
    agreeToDeclarations: false,
    fieldErrors: {},
    errorMessage: undefined,
    changedNotice: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The application is being read as it stands now, with its latest signature if any.',
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => context.submissionId,
        onDone: {
          target: 'ready',
          description: 'The application arrived.',
          actions: { type: 'storeApplication', params: outputOf<Application> },
        },
        onError: {
          target: 'failed',
          description: 'The application could not be read.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    failed: {
      description: 'The application could not be read; the reason shows with Try again.',
      on: { 'application.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    ready: {
      description: 'The application is on screen with its signing form.',
      initial: 'deciding',
      on: {
        'signer.name': {
          description: 'The signer types or corrects their name.',
          actions: { type: 'editName', params: ({ event }) => event.value },
        },
        'signer.consent': {
          description: 'The signer ticks or clears the consent to electronic records.',
          actions: { type: 'editConsent', params: ({ event }) => event.checked },
        },
        'signer.agree': {
          description: 'The signer ticks or clears the declaration that the statements are true.',
          actions: { type: 'editAgree', params: ({ event }) => event.checked },
        },
      },
      states: {
        deciding: {
          description:
            'A moment’s check of whether the application is signed, signed but since changed, or never signed.',
          always: [
            { guard: 'isSigned', target: 'signed', description: 'Signed as it stands.' },
            { guard: 'isStale', target: 'stale', description: 'Changed since it was signed.' },
            { target: 'unsigned', description: 'Never signed.' },
          ],
        },
        unsigned: {
          description:
            'Never signed: the application to review, the declarations, the two boxes and the name to sign with.',
          on: {
            'application.sign': [
              {
                guard: 'canSign',
                target: 'signing',
                actions: 'startSigning',
                description: 'The signer signs the application exactly as shown.',
              },
              { actions: 'showProblems', description: 'A box not ticked or no name: each is named, nothing is sent.' },
            ],
          },
        },
        stale: {
          description: 'Signed, but an answer or the cover changed since: the application as it is now, to sign again.',
          on: {
            'application.sign': [
              {
                guard: 'canSign',
                target: 'signing',
                actions: 'startSigning',
                description: 'The signer signs the application exactly as shown.',
              },
              { actions: 'showProblems', description: 'A box not ticked or no name: each is named, nothing is sent.' },
            ],
          },
        },
        signing: {
          description:
            'The signature is being recorded against the application exactly as shown, with the name typed and both boxes ticked.',
          invoke: {
            id: 'signApplication',
            src: 'signApplication',
            input: ({ context }) => ({
              submissionId: context.submissionId,
              signerName: context.signerName.trim(),
              recordHash: context.application!.recordHash,
            }),
            onDone: {
              target: 'signed',
              description: 'The signature was recorded.',
              actions: { type: 'storeSignature', params: outputOf<ApplicationSignature> },
            },
            onError: [
              {
                guard: { type: 'recordChanged', params: errorOf },
                target: '#applicationSignature.loading',
                actions: 'noteChanged',
                description: 'The application changed since it was read: read it again and say so.',
              },
              {
                target: 'deciding',
                description: 'Refused or not reached: the form stays, with the reason, to sign again.',
                actions: { type: 'storeRefusal', params: errorOf },
              },
            ],
          },
        },
        signed: {
          description:
            'Signed as it stands: the screen says by whom and when; changing an answer later needs a new signature.',
        },
      },
    },
  },
});
