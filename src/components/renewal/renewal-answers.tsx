import type { AskedQuestion } from '@shared/contract/renewal';

/** An answer in the words of its question's choices (a yes/no, a choice, several), else as given. */
function answerWords(question: AskedQuestion): string {
  const label = (value: unknown) => question.options.find((option) => option.value === value)?.label ?? String(value);
  const { answer } = question;
  if (answer === undefined || answer === null || answer === '') return 'Not answered';
  if (Array.isArray(answer)) return answer.map(label).join(', ');
  return label(answer);
}

/**
 * The questions asked at renewal once it is accepted: answered, each with its answer, carried into
 * the renewal (no longer asked).
 */
export function RenewalAnswers({ answered }: { answered: AskedQuestion[] }) {
  if (answered.length === 0) return null;
  return (
    <section className="renewal-answered" aria-labelledby="renewal-answered-title">
      <h3 id="renewal-answered-title">Answered for this renewal</h3>
      <dl>
        {answered.map((question) => (
          <div key={question.code} className="renewal-answered__item">
            <dt>{question.text}</dt>
            <dd>{answerWords(question)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
