import '@/styles/admin.css';
import '@/styles/field-controls.css';
import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';

/**
 * What every administration screen has around its content: the heading, the area's navigation,
 * a lead, one live region for what just happened, and the refusals — a list that could not load
 * (with Try again, and nothing else below it) or an action that failed (said above the content).
 */
export function AdminFrame({
  screen,
  title,
  lead,
  tools,
  said,
  loadFailure,
  failure,
  children,
}: {
  /** The screen's name, its root's data-screen. */
  screen: string;
  title: string;
  lead?: ReactNode;
  /** What narrows the list (a search, a filter): above the live region, kept when the list fails to load. */
  tools?: ReactNode;
  /** What the live region says now ('' for nothing). */
  said: string;
  /** The list could not load: what ("the brokers"), why, and how to try again. */
  loadFailure?: { what: string; message: string | undefined; onRetry: () => void } | undefined;
  /** An action that failed, said above the content. */
  failure?: string | undefined;
  children?: ReactNode;
}) {
  const titleId = `${screen}-title`;
  return (
    <section data-screen={screen} className="screen admin" aria-labelledby={titleId}>
      <p className="eyebrow">Administration</p>
      <h1 id={titleId}>{title}</h1>
      <AdminNav />
      {lead && <p className="admin__lead">{lead}</p>}
      {tools}
      <p role="status" className="admin__status">
        {said}
      </p>
      {loadFailure ? (
        <div className="notice notice--error" role="alert">
          <p>
            We could not load {loadFailure.what}. {loadFailure.message}
          </p>
          <button type="button" className="button" onClick={loadFailure.onRetry}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {failure && (
            <div className="notice notice--error" role="alert">
              <p>{failure}</p>
            </div>
          )}
          {children}
        </>
      )}
    </section>
  );
}
