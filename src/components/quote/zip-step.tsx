import { useId, useState, type FormEvent } from 'react';
import type { IlfDlfList } from '@shared/contract/lists';
import type { QuoteEvent, quoteMachine } from '@/machines/quote.machine';
import type { SnapshotFrom } from 'xstate';

/**
 * Where the practice is: a ZIP code, from which the state, the county and the territory follow.
 * Where we do not sell yet it says so, naming the state, and lets the visitor try another ZIP.
 */
export function ZipStep({
  zipcode,
  location,
  notOffered,
  busy,
  error,
  specialityName,
  onLocate,
}: {
  zipcode: string;
  location: IlfDlfList | undefined;
  notOffered: boolean;
  busy: boolean;
  error: string | undefined;
  /** Names the cover in the not-offered message; without it, cover in general. */
  specialityName?: string | undefined;
  onLocate: (zipcode: string) => void;
}) {
  const [value, setValue] = useState(zipcode);
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onLocate(value);
  };
  return (
    <form className="form quote-step" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Where is your practice?</h2>
      <div className={`field field--zip${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>ZIP code</label>
        <p id={`${id}-hint`} className="field__hint">
          Prices depend on the state and the area your practice is in.
        </p>
        <input
          id={id}
          name="zipcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
        />
        {error && (
          <p id={errorId} className="field__error">
            ZIP code {error}
          </p>
        )}
      </div>
      {notOffered && location && (
        <p className="notice" role="status">
          We do not offer {specialityName ? `${specialityName} cover` : 'this cover'} in {location.stateName} yet. Try
          the ZIP of another location, or check back soon.
        </p>
      )}
      <p className="form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Finding your area…' : 'Continue'}
        </button>
      </p>
    </form>
  );
}

type QuoteSnapshot = SnapshotFrom<typeof quoteMachine>;

/** Whether the quote flow is at its ZIP step (asking, checking, or not sold there). */
export const isAtZipStep = (state: QuoteSnapshot) =>
  state.matches({ locating: 'asking' }) ||
  state.matches({ locating: 'checking' }) ||
  state.matches({ locating: 'notOffered' });

/** The ZIP step as the quote machine drives it, on whichever screen the flow shows it. */
export function QuoteZipStep({
  state,
  send,
  specialityName,
}: {
  state: QuoteSnapshot;
  send: (event: QuoteEvent) => void;
  specialityName?: string | undefined;
}) {
  const { context } = state;
  return (
    <ZipStep
      zipcode={context.zipcode}
      location={context.location}
      notOffered={state.matches({ locating: 'notOffered' })}
      busy={state.matches({ locating: 'checking' })}
      error={context.fieldErrors.zipcode ?? context.fieldErrors.state}
      specialityName={specialityName}
      onLocate={(zipcode) => send({ type: 'quote.locate', zipcode })}
    />
  );
}
