import { questionTypes } from '@shared/contract/enums';
import { useId, useState } from 'react';
import * as v from 'valibot';
import {
  isChoiceType,
  newQuestionRequestSchema,
  questionCodeSchema,
  type AdminQuestion,
  type NewQuestionRequest,
} from '@shared/contract/admin-questions';
import { type QuestionType } from '@shared/contract/questions';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';

type Failure = { message: string; fields: Record<string, string> } | null;

export const TYPE_WORDS: Record<QuestionType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  number: 'Whole number',
  money: 'Amount in dollars',
  yesno: 'Yes or no',
  select: 'One choice',
  multiselect: 'Several choices',
  date: 'Date',
};

type OptionRow = { value: string; label: string; modifier: string; referral: boolean; knockout: boolean };

const YES_NO: OptionRow[] = [
  { value: 'yes', label: 'Yes', modifier: '', referral: false, knockout: false },
  { value: 'no', label: 'No', modifier: '', referral: false, knockout: false },
];
const emptyRow = (): OptionRow => ({ value: '', label: '', modifier: '', referral: false, knockout: false });

const rowsOf = (question: AdminQuestion | null): OptionRow[] =>
  question?.options.map((option) => ({
    value: option.value,
    label: option.label,
    modifier: option.modifierBps === undefined ? '' : String(option.modifierBps / 100),
    referral: option.referral ?? false,
    knockout: option.knockout ?? false,
  })) ?? [];

/**
 * Add or edit a question of a speciality's set: code and type when adding (fixed afterwards),
 * wording, help, whether required; for choice questions their options and what each does (a
 * credit or debit in percent, a referral to an underwriter, a knock-out); and a condition on an
 * earlier choice question's answers. The server checks the rules and names the field it refuses.
 */
export function QuestionDialog({
  question,
  earlier,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  question: AdminQuestion | null;
  /** The active choice questions asked before this one: what a condition may name. */
  earlier: readonly AdminQuestion[];
  busy: boolean;
  failure: Failure;
  onSave: (values: NewQuestionRequest) => void;
  onCancel: () => void;
}) {
  const form = useForm(
    {
      code: { schema: question ? v.string() : questionCodeSchema, name: 'Code', initial: question?.code },
      type: { schema: v.pipe(v.string(), v.nonEmpty('is required')), name: 'Type', initial: question?.type ?? '' },
      text: { schema: newQuestionRequestSchema.entries.text, name: 'Question', initial: question?.text },
      helpText: {
        schema: v.pipe(v.string(), v.maxLength(1000, 'must be at most 1000 characters')),
        name: 'Help',
        initial: question?.helpText ?? '',
      },
      conditionCode: { schema: v.string(), name: 'Show only when', initial: question?.condition?.questionCode ?? '' },
    },
    failure?.fields ?? {},
  );
  const [required, setRequired] = useState(question?.required ?? true);
  const [rows, setRows] = useState<OptionRow[]>(() => rowsOf(question));
  const [anyOf, setAnyOf] = useState<ReadonlySet<string>>(() => new Set(question?.condition?.anyOf ?? []));
  const [tried, setTried] = useState(false);
  const ids = { required: useId(), options: useId(), optionsError: useId(), anyOf: useId() };

  const type = form.values.type as QuestionType | '';
  const choice = type !== '' && isChoiceType(type);
  const parent = earlier.find((entry) => entry.code === form.values.conditionCode);
  const badModifier = rows.findIndex(
    (row) => row.modifier.trim() !== '' && !/^-?\d{1,2}(\.\d{1,2})?$/.test(row.modifier.trim()),
  );
  const optionsError =
    (tried && choice && rows.some((row) => !row.value.trim() || !row.label.trim())
      ? 'Options need a value and a label each'
      : undefined) ??
    (tried && badModifier >= 0
      ? `Option ${badModifier + 1}: the price change must be a percentage such as -5 or 12.5`
      : undefined) ??
    (failure?.fields.options ? `Options ${failure.fields.options}` : undefined) ??
    Object.entries(failure?.fields ?? {})
      .find(([name]) => name.startsWith('options.'))
      ?.join(' ');
  const conditionError =
    (tried && parent && anyOf.size === 0 ? 'Choose the answers that show this question' : undefined) ??
    (failure?.fields.condition ? `Condition ${failure.fields.condition}` : undefined);

  function changeType(next: string) {
    form.setValue('type', next);
    // A yes/no question's options are always yes and no; other choices start with two empty rows.
    if (next === 'yesno') setRows(YES_NO);
    else if (isChoiceType(next) && (rows.length === 0 || type === 'yesno')) setRows([emptyRow(), emptyRow()]);
    else if (!isChoiceType(next)) setRows([]);
  }
  const setRow = (index: number, change: Partial<OptionRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  function save() {
    setTried(true);
    const values = form.submit();
    if (!values || optionsError || conditionError) return;
    onSave({
      code: values.code.trim(),
      type: values.type as QuestionType,
      text: values.text,
      helpText: values.helpText.trim() || null,
      required,
      options: choice
        ? rows.map((row) => ({
            value: row.value.trim(),
            label: row.label.trim(),
            ...(row.modifier.trim() ? { modifierBps: Math.round(Number(row.modifier) * 100) } : {}),
            ...(row.referral ? { referral: true } : {}),
            ...(row.knockout ? { knockout: true } : {}),
          }))
        : [],
      condition: parent
        ? {
            questionCode: parent.code,
            anyOf: parent.options.map((option) => option.value).filter((value) => anyOf.has(value)),
          }
        : null,
    });
  }

  return (
    <FormDialog
      title={question ? `Edit ${question.code}` : 'New question'}
      submitLabel={question ? 'Save changes' : 'Add question'}
      busyLabel="Saving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not save this question"
      shownFields={['code', 'type', 'text', 'helpText', 'options', 'condition']}
      onSubmit={save}
      onCancel={onCancel}
      className="question-form"
    >
      {question ? (
        <p>
          Code <code>{question.code}</code>, {TYPE_WORDS[question.type].toLowerCase()}: answers are kept by code and
          judged by type, so neither changes.
        </p>
      ) : (
        <>
          <TextField
            label="Code"
            hint="What answers are kept by: lower-case letters, digits and _, e.g. mold_work. It never changes."
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('code')}
          />
          <SelectField
            label="Type"
            placeholder="Choose…"
            options={questionTypes.map((code) => ({ value: code, label: TYPE_WORDS[code] }))}
            {...form.field('type')}
            onValueChange={changeType}
          />
        </>
      )}
      <TextAreaField label="Question" rows={2} {...form.field('text')} />
      <TextAreaField label="Help" optional rows={2} hint="Shown under the question." {...form.field('helpText')} />
      <div className="checkbox">
        <input
          id={ids.required}
          type="checkbox"
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
        />
        <label htmlFor={ids.required}>An answer is required (while the question shows)</label>
      </div>

      {choice && (
        <fieldset
          className="question-form__options"
          aria-describedby={optionsError ? ids.optionsError : undefined}
          aria-invalid={optionsError ? true : undefined}
        >
          <legend>Options and what each does</legend>
          {optionsError && (
            <p id={ids.optionsError} className="field__error">
              {optionsError}
            </p>
          )}
          {rows.map((row, index) => (
            <div key={index} className="question-form__option" role="group" aria-label={`Option ${index + 1}`}>
              <TextField
                label="Value"
                value={row.value}
                readOnly={type === 'yesno'}
                onValueChange={(value) => setRow(index, { value })}
              />
              <TextField label="Label" value={row.label} onValueChange={(label) => setRow(index, { label })} />
              <TextField
                label="Price change (%)"
                optional
                hint="-5 is a 5 % credit"
                inputMode="decimal"
                value={row.modifier}
                onValueChange={(modifier) => setRow(index, { modifier })}
              />
              <div className="checkbox">
                <input
                  id={`${ids.options}-${index}-referral`}
                  type="checkbox"
                  checked={row.referral}
                  onChange={(event) => setRow(index, { referral: event.target.checked })}
                />
                <label htmlFor={`${ids.options}-${index}-referral`}>Refers to an underwriter</label>
              </div>
              <div className="checkbox">
                <input
                  id={`${ids.options}-${index}-knockout`}
                  type="checkbox"
                  checked={row.knockout}
                  onChange={(event) => setRow(index, { knockout: event.target.checked })}
                />
                <label htmlFor={`${ids.options}-${index}-knockout`}>Declines the order</label>
              </div>
              {type !== 'yesno' && rows.length > 2 && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setRows(rows.filter((_, at) => at !== index))}
                >
                  Remove option {index + 1}
                </button>
              )}
            </div>
          ))}
          {type !== 'yesno' && (
            <button type="button" className="button button--secondary" onClick={() => setRows([...rows, emptyRow()])}>
              Add an option
            </button>
          )}
        </fieldset>
      )}

      <SelectField
        label="Show only when"
        optional
        placeholder="Always shown"
        hint="An earlier yes/no or choice question, and the answers that show this one."
        options={earlier.map((entry) => ({ value: entry.code, label: `${entry.code}: ${entry.text}` }))}
        {...form.field('conditionCode')}
        onValueChange={(value) => {
          form.setValue('conditionCode', value);
          setAnyOf(new Set());
        }}
      />
      {parent && (
        <fieldset className="question-form__answers" aria-invalid={conditionError ? true : undefined}>
          <legend>…is answered</legend>
          {conditionError && <p className="field__error">{conditionError}</p>}
          {parent.options.map((option) => (
            <div key={option.value} className="checkbox">
              <input
                id={`${ids.anyOf}-${option.value}`}
                type="checkbox"
                checked={anyOf.has(option.value)}
                onChange={(event) => {
                  const next = new Set(anyOf);
                  if (event.target.checked) next.add(option.value);
                  else next.delete(option.value);
                  setAnyOf(next);
                }}
              />
              <label htmlFor={`${ids.anyOf}-${option.value}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
      )}
    </FormDialog>
  );
}
