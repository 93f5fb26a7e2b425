import { assign, fromPromise, setup } from 'xstate';
import { addQuestion, editQuestion, orderQuestions, questionSet, setQuestionActive } from '@/api/admin-questions';
import { errorFields, errorText } from '@/api/api-error';
import type { AdminQuestion, AdminQuestionSet, NewQuestionRequest } from '@shared/contract/admin-questions';
import { errorOf } from '@/machines/actor-events';

export type QuestionChange = { kind: 'saved' | 'moved' | 'retired' | 'restored'; code: string };

export interface AdminQuestionsContext {
  specialityId: number;
  set: AdminQuestionSet | undefined;
  /** The question in the form; null while adding one. */
  editing: AdminQuestion | null;
  /** The question being moved, retired or asked again. */
  acting: AdminQuestion | null;
  errorMessage: string | undefined;
  fieldErrors: Record<string, string>;
  lastChange: QuestionChange | undefined;
}

export type AdminQuestionsEvent =
  | { type: 'questions.retry' }
  | { type: 'question.add' }
  | { type: 'question.edit'; id: number }
  | { type: 'question.move'; id: number; by: -1 | 1 }
  | { type: 'question.retire'; id: number }
  | { type: 'question.restore'; id: number }
  /** A new question's whole request; an edit's code and type are ignored by the server. */
  | { type: 'editor.save'; values: NewQuestionRequest }
  | { type: 'editor.cancel' };

/** The set's ids with `id` moved one place up (-1) or down (1); unchanged at either end. */
export function movedIds(questions: readonly AdminQuestion[], id: number, by: -1 | 1): number[] {
  const ids = questions.map((question) => question.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * A speciality's question set (issue 9): the questions in the order asked, added and edited in
 * a dialog, moved up or down, retired or asked again; after each change the set loads again.
 */
export const adminQuestionsMachine = setup({
  types: {
    context: {} as AdminQuestionsContext,
    input: {} as { specialityId: number },
    events: {} as AdminQuestionsEvent,
  },
  actors: {
    /** GET admin/specialities/{id}/questions. */
    loadSet: fromPromise<AdminQuestionSet, { specialityId: number }>(({ input }) => questionSet(input.specialityId)),
    /** POST a new question or PUT an edit. */
    saveQuestion: fromPromise<
      AdminQuestion,
      { specialityId: number; id: number | undefined; values: NewQuestionRequest }
    >(({ input }) => {
      if (input.id === undefined) return addQuestion(input.specialityId, input.values);
      const { code: _code, type: _type, ...edit } = input.values;
      return editQuestion(input.id, edit);
    }),
    /** PUT the set's order. */
    saveOrder: fromPromise<AdminQuestionSet, { specialityId: number; ids: number[] }>(({ input }) =>
      orderQuestions(input.specialityId, input.ids),
    ),
    /** PUT admin/questions/{id}/active. */
    switchActive: fromPromise<AdminQuestion, { id: number; active: boolean }>(({ input }) =>
      setQuestionActive(input.id, input.active),
    ),
  },
  actions: {
    storeSet: assign((_, set: AdminQuestionSet) => ({ set, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    openQuestion: assign(({ context }, id: number | undefined) => ({
      editing: context.set?.questions.find((question) => question.id === id) ?? null,
      errorMessage: undefined,
      fieldErrors: {},
      lastChange: undefined,
    })),
    pick: assign(({ context }, id: number) => ({
      acting: context.set?.questions.find((question) => question.id === id) ?? null,
      errorMessage: undefined,
      lastChange: undefined,
    })),
    storeRefusal: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    noteSaved: assign((_, saved: AdminQuestion) => ({
      editing: null,
      lastChange: { kind: 'saved' as const, code: saved.code },
      errorMessage: undefined,
      fieldErrors: {},
    })),
    closeEditor: assign({ editing: null, errorMessage: undefined, fieldErrors: {} }),
    noteMoved: assign(({ context }, set: AdminQuestionSet) => ({
      set,
      acting: null,
      lastChange: { kind: 'moved' as const, code: context.acting?.code ?? '' },
    })),
    noteSwitched: assign((_, question: AdminQuestion) => ({
      acting: null,
      lastChange: { kind: question.active ? ('restored' as const) : ('retired' as const), code: question.code },
    })),
    storeActionError: assign((_, error: unknown) => ({ acting: null, errorMessage: errorText(error) })),
  },
  guards: {
    knownQuestion: ({ context }, id: number) => Boolean(context.set?.questions.some((question) => question.id === id)),
    canMove: ({ context }, { id, by }: { id: number; by: -1 | 1 }) => {
      const questions = context.set?.questions ?? [];
      return movedIds(questions, id, by).some((entry, index) => entry !== questions[index]?.id);
    },
  },
}).createMachine({
  id: 'adminQuestions',
  context: ({ input }) => ({
    specialityId: input.specialityId,
    set: undefined,
    editing: null,
    acting: null,
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The speciality’s questions are being fetched, in the order they are asked.',
      invoke: {
        id: 'loadSet',
        src: 'loadSet',
        input: ({ context }) => ({ specialityId: context.specialityId }),
        onDone: {
          target: 'list',
          description: 'The questions arrived.',
          actions: { type: 'storeSet', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The questions could not be fetched.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The questions could not be fetched; the reason shows with Try again.',
      on: { 'questions.retry': { target: 'loading', description: 'The administrator tries again.' } },
    },
    list: {
      description:
        'The administrator sees the speciality’s questions in the order asked, asked or retired, and what was last changed.',
      on: {
        'question.add': {
          target: 'editor',
          description: 'The administrator starts a new question.',
          actions: { type: 'openQuestion', params: () => undefined },
        },
        'question.edit': {
          description: 'The administrator opens a question to change it.',
          guard: { type: 'knownQuestion', params: ({ event }) => event.id },
          target: 'editor',
          actions: { type: 'openQuestion', params: ({ event }) => event.id },
        },
        'question.move': {
          description: 'The administrator moves a question one place up or down.',
          guard: { type: 'canMove', params: ({ event }) => event },
          target: 'moving',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
        'question.retire': {
          description: 'The administrator stops asking a question.',
          guard: { type: 'knownQuestion', params: ({ event }) => event.id },
          target: 'switching',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
        'question.restore': {
          description: 'The administrator asks a retired question again.',
          guard: { type: 'knownQuestion', params: ({ event }) => event.id },
          target: 'switching',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
      },
    },
    editor: {
      description: 'A dialog is open to add a question or change one.',
      initial: 'form',
      states: {
        form: {
          description:
            'The administrator fills in the question: its wording, help text, answer type, options and when it shows.',
          on: {
            'editor.cancel': {
              target: '#adminQuestions.list',
              description: 'The administrator closes the dialog without saving.',
              actions: 'closeEditor',
            },
            'editor.save': { target: 'saving', description: 'The administrator saves the question.' },
          },
        },
        saving: {
          description: 'The question is being saved.',
          invoke: {
            id: 'saveQuestion',
            src: 'saveQuestion',
            input: ({ context, event }) => ({
              specialityId: context.specialityId,
              id: context.editing?.id,
              values: event.type === 'editor.save' ? event.values : ({} as NewQuestionRequest),
            }),
            onDone: {
              target: '#adminQuestions.loading',
              description: 'Saved: the questions are fetched again to show it.',
              actions: { type: 'noteSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'form',
              description: 'Refused: the dialog shows why, field by field.',
              actions: { type: 'storeRefusal', params: errorOf },
            },
          },
        },
      },
    },
    moving: {
      description: 'The new order of the questions is being saved.',
      invoke: {
        id: 'saveOrder',
        src: 'saveOrder',
        input: ({ context, event }) => ({
          specialityId: context.specialityId,
          ids: event.type === 'question.move' ? movedIds(context.set?.questions ?? [], event.id, event.by) : [],
        }),
        onDone: {
          target: 'list',
          description: 'The new order was saved.',
          actions: { type: 'noteMoved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          description: 'The move was refused; the list says why.',
          actions: { type: 'storeActionError', params: errorOf },
        },
      },
    },
    switching: {
      description: 'The question is being retired or asked again.',
      invoke: {
        id: 'switchActive',
        src: 'switchActive',
        input: ({ context }) => ({ id: context.acting!.id, active: !context.acting!.active }),
        onDone: {
          target: 'loading',
          description: 'Done: the questions are fetched again to show it.',
          actions: { type: 'noteSwitched', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          description: 'The change was refused; the list says why.',
          actions: { type: 'storeActionError', params: errorOf },
        },
      },
    },
  },
});
