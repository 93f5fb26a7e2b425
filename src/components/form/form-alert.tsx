import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A failed submit in words (role=alert). It takes focus when it appears or its message changes,
 * so keyboard and screen-reader users land on it; `focusKey` changes for every new failure.
 */
export function FormAlert({ title, children, focusKey }: { title: string; children: ReactNode; focusKey: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey) ref.current?.focus();
  }, [focusKey]);
  return (
    <div ref={ref} className="notice notice--error form-alert" role="alert" tabIndex={-1}>
      <p className="form-alert__title">{title}</p>
      {children}
    </div>
  );
}
