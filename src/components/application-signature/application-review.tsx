import type { ApplicationRecord } from '@shared/contract/application-signature';
import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';

/**
 * The application as it will be signed: who applies and where, each question set's answers (each
 * set in a <details>, open, so a long one can be folded away on a phone), the cover chosen and
 * the declarations. Words only from the record the server sent: what is shown is what is signed.
 */
export function ApplicationReview({ record }: { record: ApplicationRecord }) {
  return (
    <div className="sign-application__review">
      <h3>Your application</h3>
      <dl className="sign-application__facts">
        <dt>Applicant</dt>
        <dd>{record.insured.name}</dd>
        {record.insured.company && (
          <>
            <dt>Company</dt>
            <dd>{record.insured.company}</dd>
          </>
        )}
        <dt>Practice address</dt>
        <dd>{record.practiceAddress ? record.practiceAddress.join(', ') : 'None on file'}</dd>
        <dt>Speciality</dt>
        <dd>{record.speciality}</dd>
        <dt>State and ZIP code</dt>
        <dd>{[record.state, record.zipcode].filter(Boolean).join(' ')}</dd>
      </dl>

      {record.sections.map((section) => (
        <details key={section.title} className="sign-application__section" open>
          <summary>
            {section.title}{' '}
            <span className="sign-application__count">
              ({section.answers.length === 1 ? '1 answer' : `${section.answers.length} answers`})
            </span>
          </summary>
          {section.answers.length === 0 ? (
            <p>No questions in this part.</p>
          ) : (
            <dl className="sign-application__answers">
              {section.answers.map((answer) => (
                <div key={answer.code} className="sign-application__answer">
                  <dt>{answer.question}</dt>
                  <dd>{answer.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </details>
      ))}

      <h3>Cover chosen</h3>
      <dl className="sign-application__facts">
        <dt>Limit of liability</dt>
        <dd>{record.cover.limit}</dd>
        <dt>Deductible</dt>
        <dd>{record.cover.deductible}</dd>
        <dt>Payment plan</dt>
        <dd>{record.cover.paymentPlan}</dd>
        <dt>Total for the year</dt>
        <dd>{formatUsd(record.cover.totalCents)}</dd>
        <dt>Cover starts</dt>
        <dd>{record.cover.effectiveDate ? formatDay(record.cover.effectiveDate) : 'The day you pay'}</dd>
      </dl>

      <h3>Declarations</h3>
      <p>By signing, you declare:</p>
      <ol className="sign-application__declarations">
        {record.declarations.map((declaration) => (
          <li key={declaration}>{declaration}</li>
        ))}
      </ol>
    </div>
  );
}
