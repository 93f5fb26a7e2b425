import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';

/** One field of a form: its wire-contract schema and how a message names it ("E-mail is required"). */
export interface FieldSpec {
  /** A contract schema, or one built from the form's values (a confirmation that must match). */
  schema: v.GenericSchema | ((values: Readonly<Record<string, string>>) => v.GenericSchema);
  /** Put in front of the contract's messages, which start with a verb ("is required"). */
  name: string;
  initial?: string;
}

export type FieldSpecs<K extends string> = Record<K, FieldSpec>;

/** The contract schema's first message for a value, named: "Password must contain a letter". */
export function fieldMessage(
  spec: FieldSpec,
  value: string,
  values: Readonly<Record<string, string>> = {},
): string | undefined {
  const schema = typeof spec.schema === 'function' ? spec.schema(values) : spec.schema;
  const result = v.safeParse(schema, value);
  if (result.success) return undefined;
  return `${spec.name} ${result.issues[0].message}`;
}

/**
 * Form state for a screen: values, which fields were left (blur) and whether a submit was tried.
 * A field's message shows once it was left or a submit was tried, and a server's message for a
 * field shows until its value changes, and focus moves to the first field it names. The flow itself (sending, pending, the answer) is a machine's.
 */
export function useForm<K extends string>(
  specs: FieldSpecs<K>,
  serverFields: Partial<Record<NoInfer<K>, string>> = {},
) {
  const names = Object.keys(specs) as K[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, specs[name].initial ?? ''])) as Record<K, string>,
  );
  const [left, setLeft] = useState<ReadonlySet<K>>(() => new Set());
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<Record<K, string> | null>(null);
  const elements = useRef(new Map<K, HTMLElement>());

  const messageFor = (name: K): string | undefined => {
    const own = left.has(name) || tried ? fieldMessage(specs[name], values[name], values) : undefined;
    if (own) return own;
    const server = serverFields[name];
    if (server && sent && sent[name] === values[name]) return `${specs[name].name} ${server}`;
    return undefined;
  };

  const register = useCallback(
    (name: K) => (element: HTMLElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    [],
  );

  const focus = useCallback((name: K) => elements.current.get(name)?.focus(), []);

  // A server message about a field puts the user on that field (the first, in the order of `specs`).
  // Keyed on the messages, not the object: screens build it afresh on every render.
  const firstServerField = names.find((name) => serverFields[name]);
  const serverKey = names.map((name) => serverFields[name] ?? '').join('\n');
  useEffect(() => {
    if (firstServerField !== undefined) focus(firstServerField);
  }, [serverKey, firstServerField, focus]);

  const setValue = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const leave = (name: K) => setLeft((current) => (current.has(name) ? current : new Set(current).add(name)));

  return {
    values,
    error: messageFor,
    setValue,
    leave,
    register,
    /** What a TextField, SelectField or TextAreaField takes for a field: `<TextField {...form.field('city')} />`. */
    field: (name: K) => ({
      value: values[name],
      onValueChange: (value: string) => setValue(name, value),
      onBlur: () => leave(name),
      error: messageFor(name),
      inputRef: register(name),
    }),
    /** Moves focus to a field (stable across renders, for effects). */
    focus,
    /**
     * A submit: every message shows from now on. Returns the values when all are valid, else
     * focuses the first invalid field (in the order of `specs`) and returns null.
     */
    submit(): Record<K, string> | null {
      setTried(true);
      const invalid = names.find((name) => fieldMessage(specs[name], values[name], values) !== undefined);
      if (invalid !== undefined) {
        elements.current.get(invalid)?.focus();
        return null;
      }
      setSent(values);
      return values;
    },
  };
}
