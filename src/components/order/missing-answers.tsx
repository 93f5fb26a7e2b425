import { useState, type FormEvent } from 'react';
import type { AnswerValue } from '@shared/contract/rating';
import type { LoadedOrder } from '@/components/order/order-frame';
import { QuestionField } from '@/components/quote/question-field';

/**
 * The questions the order still lacks answers to, asked here (the server lists them as required
 * items on this screen). Saved to the order; what is still missing then shows again.
 */
export function MissingAnswers({ order, id }: { order: LoadedOrder; id: string }) {
  const { state, send } = order;
  const { questions, answersFailure } = state.context;
  // What the insured is choosing: the form's own values until they are saved.
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() =>
    Object.fromEntries(
      questions.flatMap((question) =>
        question.answer === undefined ? [] : [[question.code, question.answer as AnswerValue]],
      ),
    ),
  );
  const [unanswered, setUnanswered] = useState<string[]>([]);
  const saving = state.matches('savingAnswers');
  if (questions.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const missing = questions
      .filter((question) => question.required && (answers[question.code] ?? '') === '')
      .map((question) => question.code);
    setUnanswered(missing);
    if (missing.length > 0) return;
    send({ type: 'answers.save', answers });
  }

  return (
    <section id={id} className="order-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Questions to answer</h2>
      <form onSubmit={submit} noValidate>
        {answersFailure && (
          <div className="notice notice--error" role="alert">
            <p>{answersFailure.message}</p>
          </div>
        )}
        {questions.map((question) => (
          <QuestionField
            key={question.code}
            question={question}
            value={answers[question.code]}
            error={unanswered.includes(question.code) ? 'is required' : answersFailure?.fields[question.code]}
            onAnswer={(value) => setAnswers((current) => ({ ...current, [question.code]: value }))}
          />
        ))}
        <button type="submit" className="button button--secondary" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save answers'}
        </button>
        <p role="status" className="order-next__busy">
          {saving ? 'Saving your answers…' : ''}
        </p>
      </form>
    </section>
  );
}
