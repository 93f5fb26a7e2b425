import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form/form-alert';

/**
 * A failed submit as the server explained it: its message, plus any field message for a field
 * the form does not show (so that nothing the server said is lost). Takes focus unless a shown
 * field has a message of its own, in which case the screen focuses that field.
 */
export function ServerFailure({
  title,
  failure,
  shownFields,
  children,
}: {
  title: string;
  failure: { message: string; fields: Record<string, string> };
  /** Wire names of the fields the form shows. */
  shownFields: readonly string[];
  children?: ReactNode;
}) {
  const other = Object.entries(failure.fields).filter(([name]) => !shownFields.includes(name));
  const fieldOwnsFocus = Object.keys(failure.fields).some((name) => shownFields.includes(name));
  return (
    <FormAlert title={title} focusKey={fieldOwnsFocus ? undefined : failure}>
      <p>{failure.message}</p>
      {other.length > 0 && (
        <ul>
          {other.map(([name, message]) => (
            <li key={name}>
              {name} {message}
            </li>
          ))}
        </ul>
      )}
      {children}
    </FormAlert>
  );
}
