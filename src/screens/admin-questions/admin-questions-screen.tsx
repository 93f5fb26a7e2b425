import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { isChoiceType, type AdminQuestion } from '@shared/contract/admin-questions';
import { AdminFrame } from '@/components/admin/admin-frame';
import { QuestionDialog, TYPE_WORDS } from '@/components/admin/question-dialog';
import { ScreenLink } from '@/components/screen-link';
import { adminQuestionsMachine, type QuestionChange } from '@/machines/admin-questions.machine';

const CHANGE_WORDS: Record<QuestionChange['kind'], (code: string) => string> = {
  saved: (code) => `${code} was saved: new quotes ask it as it is now.`,
  moved: (code) => `${code} was moved.`,
  retired: (code) => `${code} is retired: no longer asked; answers already given keep their meaning.`,
  restored: (code) => `${code} is asked again.`,
};

/** What picking an option does, in words. */
function effects(question: AdminQuestion): string[] {
  return question.options.flatMap((option) => {
    const said = [
      option.modifierBps ? `${option.modifierBps > 0 ? '+' : ''}${option.modifierBps / 100} %` : '',
      option.referral ? 'refers' : '',
      option.knockout ? 'declines' : '',
    ].filter(Boolean);
    return said.length ? [`${option.label}: ${said.join(', ')}`] : [];
  });
}

/**
 * admin/specialities/{id}/questions: one speciality's question set (issue 9), in the order asked,
 * with each option's effect and each condition; added, edited, moved, retired or asked again.
 */
export default function AdminQuestionsScreen() {
  const { specialityid } = useParams({ strict: false }) as { specialityid?: string };
  const specialityId = Number(specialityid);
  const [state, send] = useMachine(adminQuestionsMachine, {
    input: { specialityId: Number.isInteger(specialityId) && specialityId > 0 ? specialityId : 0 },
  });
  const { set, editing, errorMessage, fieldErrors, lastChange } = state.context;
  const inEditor = state.matches('editor');
  const busy = !state.matches('list');
  const questions = set?.questions ?? [];

  let said = '';
  if (state.matches('loading') && !set) said = 'Loading the questions…';
  else if (lastChange && !inEditor) said = CHANGE_WORDS[lastChange.kind](lastChange.code);

  // What a condition may name: active choice questions asked before the one in the form.
  const editingAt = editing ? questions.findIndex((question) => question.id === editing.id) : questions.length;
  const earlier = questions.slice(0, editingAt).filter((question) => question.active && isChoiceType(question.type));

  return (
    <AdminFrame
      screen="admin-questions"
      title={set ? `${set.speciality.name}: questions` : 'Questions'}
      lead={
        <>
          Asked in this order after the speciality is chosen, before the general application questions.{' '}
          <ScreenLink screen="admin-specialities">Back to the specialities</ScreenLink>
        </>
      }
      said={said}
      loadFailure={
        state.matches('loadFailed')
          ? { what: 'the questions', message: errorMessage, onRetry: () => send({ type: 'questions.retry' }) }
          : undefined
      }
      failure={state.matches('list') ? errorMessage : undefined}
    >
      {set && (
        <>
          <div className="admin__actions">
            <button type="button" className="button" onClick={() => send({ type: 'question.add' })}>
              New question
            </button>
          </div>
          {questions.length === 0 ? (
            <p>No questions yet: only the general application questions are asked.</p>
          ) : (
            <ol className="admin__questions">
              {questions.map((question, index) => (
                <li
                  key={question.id}
                  className={question.active ? 'admin__question' : 'admin__question admin__row--inactive'}
                >
                  <div className="admin__question-text">
                    <strong>{question.text}</strong>{' '}
                    {!question.active && <strong className="admin__badge">Retired</strong>}
                    <span className="admin__muted admin__block">
                      <code>{question.code}</code> · {TYPE_WORDS[question.type]} ·{' '}
                      {question.required ? 'required' : 'optional'}
                      {question.condition &&
                        ` · shown when ${question.condition.questionCode} is ${question.condition.anyOf.join(' or ')}`}
                    </span>
                    {isChoiceType(question.type) && (
                      <span className="admin__muted admin__block">
                        Options: {question.options.map((option) => option.label).join(', ')}
                      </span>
                    )}
                    {effects(question).length > 0 && (
                      <span className="admin__block">Effects: {effects(question).join('; ')}</span>
                    )}
                  </div>
                  <div className="admin__row-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Edit ${question.code}`}
                      onClick={() => send({ type: 'question.edit', id: question.id })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Move up: ${question.code}`}
                      aria-disabled={busy || index === 0 || undefined}
                      onClick={() => !busy && index > 0 && send({ type: 'question.move', id: question.id, by: -1 })}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Move down: ${question.code}`}
                      aria-disabled={busy || index === questions.length - 1 || undefined}
                      onClick={() =>
                        !busy && index < questions.length - 1 && send({ type: 'question.move', id: question.id, by: 1 })
                      }
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={question.active ? `Retire ${question.code}` : `Ask again: ${question.code}`}
                      aria-disabled={busy || undefined}
                      onClick={() =>
                        !busy &&
                        send({ type: question.active ? 'question.retire' : 'question.restore', id: question.id })
                      }
                    >
                      {question.active ? 'Retire' : 'Ask again'}
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}

      {inEditor && (
        <QuestionDialog
          question={editing}
          earlier={earlier}
          busy={state.matches({ editor: 'saving' })}
          failure={errorMessage ? { message: errorMessage, fields: fieldErrors } : null}
          onSave={(values) => send({ type: 'editor.save', values })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}
    </AdminFrame>
  );
}
