import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText, retryAfterSeconds } from '@/api/api-error';
import { verifyCertificate } from '@/api/certificates';
import { verificationCodeSchema, type CertificateVerification } from '@shared/contract/certificates';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface VerifyCertificateInput {
  /** The code as it came in the address: any case, with or without hyphens. */
  code: string;
}

export interface VerifyCertificateContext {
  /** The code as it came; once read, in capitals without separators. */
  code: string;
  verification: CertificateVerification | null;
  /** How long the server asked to wait before checking again (a 429's Retry-After), when it said. */
  retryAfterSeconds: number | undefined;
  /** Why the check could not be made (not reached, the server failed), in words. */
  errorMessage: string | undefined;
}

export type VerifyCertificateEvent = { type: 'verification.retry' };

/**
 * The public check of a certificate of insurance (verify-certificate/<code>), for a landlord or a
 * client who scanned its QR code: no sign-in. A code that cannot be one (the wrong letters or
 * length) is said at once, without asking the server; otherwise the server answers the policy's
 * standing today, its period, limits and the holder's name, or that no certificate has the code,
 * or that this address checked too many (try again later).
 */
export const verifyCertificateMachine = setup({
  types: {
    context: {} as VerifyCertificateContext,
    input: {} as VerifyCertificateInput,
    events: {} as VerifyCertificateEvent,
  },
  actors: {
    verifyCertificate: fromPromise<CertificateVerification, { code: string }>(({ input }) =>
      verifyCertificate(input.code),
    ),
  },
  actions: {
    readCode: assign(({ context }) => ({ code: v.parse(verificationCodeSchema, context.code) })),
    storeVerification: assign((_, verification: CertificateVerification) => ({
      verification,
      errorMessage: undefined,
    })),
    storeRetryAfter: assign((_, error: unknown) => ({ retryAfterSeconds: retryAfterSeconds(error) })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    wellFormed: ({ context }) => v.is(verificationCodeSchema, context.code),
    unknownCode: (_, error: unknown) => errorStatus(error) === 404,
    unreadableCode: (_, error: unknown) => errorStatus(error) === 400,
    tooManyChecks: (_, error: unknown) => errorStatus(error) === 429,
  },
}).createMachine({
  id: 'verifyCertificate',
  context: ({ input }) => ({
    code: input.code,
    verification: null,
    retryAfterSeconds: undefined,
    errorMessage: undefined,
  }),
  initial: 'reading',
  states: {
    reading: {
      description: 'A moment’s look at the code in the address: whether it can be a verification code at all.',
      always: [
        {
          guard: 'wellFormed',
          target: 'checking',
          description: 'It can be one: the server is asked.',
          actions: 'readCode',
        },
        { target: 'malformed', description: 'It cannot be one (wrong letters or length): said without asking.' },
      ],
    },
    checking: {
      description: 'The server is asked where the certificate’s policy stands today.',
      invoke: {
        id: 'verifyCertificate',
        src: 'verifyCertificate',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'found',
          description: 'The certificate is genuine: its policy’s standing, period, limits and holder arrived.',
          actions: { type: 'storeVerification', params: outputOf<CertificateVerification> },
        },
        onError: [
          {
            guard: { type: 'unknownCode', params: errorOf },
            target: 'notFound',
            description: 'No certificate has this code.',
          },
          {
            guard: { type: 'unreadableCode', params: errorOf },
            target: 'malformed',
            description: 'The server read the code as one that cannot be a verification code.',
          },
          {
            guard: { type: 'tooManyChecks', params: errorOf },
            target: 'rateLimited',
            description: 'This address checked too many codes in a while: the server asks to wait.',
            actions: { type: 'storeRetryAfter', params: errorOf },
          },
          {
            target: 'failed',
            description: 'The server could not be reached or failed.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    found: {
      description:
        'The page shows the policy’s standing today, its period, its limits and the holder’s name, as of today.',
      type: 'final',
    },
    notFound: {
      description: 'The page says no certificate has this code, and to check it against the certificate.',
      type: 'final',
    },
    malformed: {
      description: 'The page says the address does not hold a verification code as certificates print them.',
      type: 'final',
    },
    rateLimited: {
      description: 'The page says too many checks came from this address, and when to try again.',
      on: { 'verification.retry': { target: 'checking', description: 'The visitor tries again.' } },
    },
    failed: {
      description: 'The check could not be made; the reason shows with Try again.',
      on: { 'verification.retry': { target: 'checking', description: 'The visitor tries again.' } },
    },
  },
});
