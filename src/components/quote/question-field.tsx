import { useId } from 'react';
import type { AnswerValue } from '@shared/contract/rating';
import type { QuoteQuestion } from '@/machines/quote.machine';

/**
 * One underwriting question, as its type asks: yes/no and single choice as radios, several
 * choices as checkboxes, numbers, dollars, dates and text as inputs. Its message is tied to it
 * for assistive technology; `data-question` lets the form move focus to the first one wrong.
 */
export function QuestionField({
  question,
  value,
  error,
  onAnswer,
}: {
  question: QuoteQuestion;
  value: unknown;
  error: string | undefined;
  onAnswer: (value: AnswerValue) => void;
}) {
  const id = useId();
  const hintId = question.helpText ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'data-question': question.code,
  } as const;
  const hint = question.helpText && (
    <p id={hintId} className="field__hint">
      {question.helpText}
    </p>
  );
  const message = error && (
    <p id={errorId} className="field__error">
      {error === 'is required' ? 'Please answer this question.' : `This answer ${error}.`}
    </p>
  );
  const optional = !question.required && <span className="field__optional"> (optional)</span>;

  if (question.type === 'yesno' || question.type === 'select' || question.type === 'multiselect') {
    const many = question.type === 'multiselect';
    const chosen = many ? (Array.isArray(value) ? (value as string[]) : []) : value;
    return (
      // A fieldset with a legend is already a group: the inputs carry the state and the message.
      <fieldset className={`choices choices--inline${error ? ' choices--invalid' : ''}`}>
        <legend>
          {question.text}
          {optional}
        </legend>
        {hint}
        {question.options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type={many ? 'checkbox' : 'radio'}
              name={`${id}-${question.code}`}
              value={option.value}
              checked={many ? (chosen as string[]).includes(option.value) : chosen === option.value}
              onChange={(event) => {
                if (!many) return onAnswer(option.value);
                const list = chosen as string[];
                onAnswer(event.target.checked ? [...list, option.value] : list.filter((item) => item !== option.value));
              }}
              {...common}
              data-question={index === 0 ? question.code : undefined}
              aria-required={!many && question.required ? true : undefined}
            />
            <span className="choice__label">{option.label}</span>
          </label>
        ))}
        {message}
      </fieldset>
    );
  }

  const numeric = question.type === 'number' || question.type === 'money';
  const text = value === undefined || value === null ? '' : String(value);
  const inputProps = {
    id,
    ...common,
    'aria-required': question.required ? true : undefined,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {question.text}
        {optional}
      </label>
      {hint}
      {question.type === 'textarea' ? (
        <textarea {...inputProps} rows={4} value={text} onChange={(event) => onAnswer(event.target.value)} />
      ) : (
        <div className={question.type === 'money' ? 'field__money' : undefined}>
          {question.type === 'money' && <span aria-hidden="true">$</span>}
          <input
            {...inputProps}
            type={question.type === 'date' ? 'date' : 'text'}
            inputMode={numeric ? (question.type === 'money' ? 'decimal' : 'numeric') : undefined}
            value={text}
            // Kept as typed; pricing reads numbers out of it (numbersAsNumbers), so "1500." stays.
            onChange={(event) => onAnswer(event.target.value)}
          />
        </div>
      )}
      {message}
    </div>
  );
}
