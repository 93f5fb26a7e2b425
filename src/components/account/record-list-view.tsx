import '@/styles/account-records.css';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { RecordFailure } from '@/components/account/record-editor';
import type { ListedRecord, RecordChange, recordListMachine } from '@/machines/record-list.machine';
import type { ScreenName } from '@shared/screens';

/**
 * The list screens of the insured's account (contacts, locations; additional insureds or claims
 * can use it the same way): a list of records, an empty state that says why they matter, an
 * add/edit dialog, a delete confirmation, loading and load-failed states, and a polite live
 * region that says what each change did. The flow is recordListMachine's; the screen provides
 * its three calls (machine.provide, once, at module level), says how a record reads, and brings
 * its own form as `editor` (usually built on RecordEditorDialog).
 *
 * Records with a primary (one primary whenever any exist) pass `primary`: the primary gets a
 * badge, every other one a "Make primary" action, and deleting the primary warns that another
 * one takes over.
 */

/** How the screen names its records: "contact", "contacts", "a contact". */
export interface RecordNoun {
  singular: string;
  plural: string;
  /** With its article, for "Add a contact" (an "Add an additional insured" needs "an"). */
  indefinite: string;
}

/** What the screen's add/edit form gets while its dialog is open (it is mounted only then). */
export interface RecordEditorProps<T extends ListedRecord> {
  /** The record being edited; null while adding. */
  record: T | null;
  /** The list as it stands (a first record, for instance, always becomes primary). */
  records: readonly T[];
  saving: boolean;
  /** The server's refusal of the last save: its words and its messages by field. */
  failure: RecordFailure | null;
  /** Sends the form's values as the screen's save call takes them. */
  onSave: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}

export interface PrimaryRecords<T extends ListedRecord> {
  isPrimary: (record: T) => boolean;
  /**
   * What the save call sends to make this record the primary: its own values, isprimary true
   * (record.makePrimary sends them as they are).
   */
  valuesToMakePrimary: (record: T) => Record<string, unknown>;
}

export interface RecordListViewProps<T extends ListedRecord> {
  /** data-screen and the route's name. */
  screen: ScreenName;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** recordListMachine with the screen's calls provided. */
  machine: typeof recordListMachine;
  noun: RecordNoun;
  /** The record's name in buttons and announcements ("Edit Main office"). Keep it a module-level function. */
  nameOf: (record: T) => string;
  /** The record's heading, when it reads differently from its name (a contact's title first). */
  headingOf?: (record: T) => string;
  /** The lines under the heading. */
  details: (record: T) => ReactNode;
  editor: ComponentType<RecordEditorProps<T>>;
  /** Why these records matter, shown when there are none (above the Add button). */
  empty: ReactNode;
  primary?: PrimaryRecords<T>;
  /** Extra class on the screen's root, for the screen's own stylesheet. */
  className?: string;
}

/** The machine keeps the status in front ("409: …"): people need the words, not the code. */
function inWords(message: string | undefined): string {
  return (message ?? '').replace(/^\d{3}:\s*/, '');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where focus goes after a change took away the control that had it; `ifLost` only when it did. */
type FocusTarget = { target: number | 'add'; ifLost?: boolean };

/** The last change the list has shown: its words for the live region, and where focus goes. */
interface Told {
  change: RecordChange | undefined;
  /** One per change: a new node in the live region is announced even when the words repeat. */
  key: number;
  text?: string;
  focus?: FocusTarget;
}

export function RecordListView<T extends ListedRecord>({
  screen,
  eyebrow,
  title,
  lead,
  machine,
  noun,
  nameOf,
  headingOf = nameOf,
  details,
  editor: Editor,
  empty,
  primary,
  className,
}: RecordListViewProps<T>) {
  const [state, send] = useMachine(machine);
  const { context } = state;
  const records = context.records as T[];
  const titleId = useId();

  // Said once the list shows the change (ready), worked out from the change and that list.
  const [told, setTold] = useState<Told>(() => ({ change: context.lastChange, key: 0 }));
  if (state.matches('ready') && context.lastChange !== told.change) {
    const change = context.lastChange;
    setTold({ change, key: told.key + 1, ...(change && tell(change, records, noun, nameOf, primary)) });
  }
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    const request = told.focus;
    if (!request) return;
    const focused = document.activeElement;
    if (request.ifLost && focused && focused !== document.body && focused.isConnected) return;
    const target = request.target === 'add' ? addButton.current : editButtons.current.get(request.target);
    target?.focus();
  }, [told]);

  const failure = useMemo<RecordFailure | null>(
    () => (context.errorMessage ? { message: inWords(context.errorMessage), fields: context.fieldErrors } : null),
    [context.errorMessage, context.fieldErrors],
  );

  const ready = state.matches('ready');
  const add = () => send({ type: 'record.add' });
  const edit = (record: T) => send({ type: 'record.edit', id: record.id });
  const remove = (record: T) => send({ type: 'record.remove', id: record.id });
  const makePrimary = (record: T) => {
    if (primary) send({ type: 'record.makePrimary', id: record.id, values: primary.valuesToMakePrimary(record) });
  };
  // The record being made primary, until the list shows the switch; a refused one, by the list.
  const switching = context.switching;
  const switchFailure = context.switchFailure;

  const addLabel = `Add ${noun.indefinite}`;
  const editorOpen = state.matches('editing') || state.matches('saving');
  const removing = context.removing as T | null;
  const removeOpen = (state.matches('confirmingRemove') || state.matches('removing')) && removing;

  let body: ReactNode;
  if (state.matches('loading')) {
    body = (
      <p className="records-loading" role="status">
        Loading your {noun.plural}…
      </p>
    );
  } else if (state.matches('loadFailed')) {
    body = (
      <div className="notice notice--error records-failed" role="alert">
        <p>
          We could not load your {noun.plural}. {inWords(context.errorMessage)}
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {ready && context.errorMessage && (
          <div className="notice notice--error records-failed" role="alert">
            <p>
              We could not refresh your {noun.plural}, so this list may be out of date. {inWords(context.errorMessage)}
            </p>
            <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
              Try again
            </button>
          </div>
        )}
        {switchFailure && (
          <div className="notice notice--error records-failed" role="alert">
            <p>
              We could not make {nameOf(switchFailure.record as T)} your primary {noun.singular}.{' '}
              {inWords(switchFailure.message)}
            </p>
          </div>
        )}
        {records.length === 0 ? (
          <div className="records-empty">
            {empty}
            <button ref={addButton} type="button" className="button" onClick={add}>
              {addLabel}
            </button>
          </div>
        ) : (
          <>
            <div className="records-toolbar">
              <p className="records-count">
                {records.length} {records.length === 1 ? noun.singular : noun.plural}
              </p>
              <button ref={addButton} type="button" className="button" onClick={add}>
                {addLabel}
              </button>
            </div>
            <ul className="records" aria-busy={state.matches('refreshing') || undefined}>
              {records.map((record) => {
                const name = nameOf(record);
                const isPrimary = primary?.isPrimary(record) ?? false;
                const switchingThis = switching?.id === record.id;
                return (
                  <li key={record.id} className={`record${isPrimary ? ' record--primary' : ''}`}>
                    <div className="record__body">
                      <div className="record__heading">
                        <h2 className="record__title">{headingOf(record)}</h2>
                        {isPrimary && <span className="record__badge">Primary</span>}
                      </div>
                      <div className="record__lines">{details(record)}</div>
                    </div>
                    <div className="record__actions">
                      <button
                        ref={(element) => {
                          if (element) editButtons.current.set(record.id, element);
                          else editButtons.current.delete(record.id);
                        }}
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Edit ${name}`}
                        onClick={() => edit(record)}
                      >
                        Edit
                      </button>
                      {primary && !isPrimary && (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-disabled={switching ? true : undefined}
                          onClick={() => makePrimary(record)}
                        >
                          {/* The name in hidden text: the accessible name holds the visible words (WCAG 2.5.3). */}
                          {switchingThis ? (
                            'Making primary…'
                          ) : (
                            <>
                              Make <span className="visually-hidden">{name}</span> primary
                            </>
                          )}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--secondary button--small record__delete"
                        aria-label={`Delete ${name}`}
                        onClick={() => remove(record)}
                      >
                        Delete
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </>
    );
  }

  return (
    <section
      data-screen={screen}
      className={`screen account-records${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
    >
      <p className="eyebrow">{eyebrow}</p>
      <h1 id={titleId}>{title}</h1>
      <div className="account-records__lead">{lead}</div>
      {/* Polite: what a change did, after the list shows it. A new node per change is announced even when the words repeat. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-records-announcer="">
        {told.text && <p key={told.key}>{told.text}</p>}
      </div>
      {body}
      {editorOpen && (
        <Editor
          record={context.editing as T | null}
          records={records}
          saving={state.matches('saving')}
          failure={failure}
          onSave={(values) => send({ type: 'editor.save', values })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}
      {removeOpen && (
        <ConfirmDialog
          title={`Delete ${nameOf(removing)}?`}
          message={removeMessage(removing, records, noun, nameOf, primary)}
          confirmLabel="Delete"
          error={state.matches('confirmingRemove') && context.errorMessage ? inWords(context.errorMessage) : undefined}
          // Not `busy`: ConfirmDialog disables its button then, and the focus on it would drop to the page.
          // A second press while deleting is ignored by the machine anyway.
          onConfirm={() => send({ type: 'remove.confirm' })}
          onCancel={() => send({ type: 'remove.cancel' })}
        />
      )}
    </section>
  );
}

/**
 * What a change did, in words, once the list that follows it is loaded (`records`), and where
 * focus goes when the change took away the control that had it.
 */
function tell<T extends ListedRecord>(
  change: RecordChange,
  records: readonly T[],
  noun: RecordNoun,
  nameOf: (record: T) => string,
  primary: PrimaryRecords<T> | undefined,
): { text: string; focus?: FocusTarget } {
  const named = records.find((record) => record.id === change.id);
  switch (change.kind) {
    case 'removed': {
      // Gone from the list: the change brings it as it was.
      const removed = change.record as T;
      const newPrimary = primary?.isPrimary(removed) ? records.find((record) => primary.isPrimary(record)) : undefined;
      let text = `${capitalised(noun.singular)} deleted: ${nameOf(removed)}.`;
      if (newPrimary) text += ` ${nameOf(newPrimary)} is now your primary ${noun.singular}.`;
      // The row and its Delete button are gone: the Add button is the next sensible place to be.
      return { text, focus: { target: 'add' } };
    }
    case 'madePrimary':
      return {
        text: named
          ? `${nameOf(named)} is now your primary ${noun.singular}.`
          : `${capitalised(noun.singular)} made primary.`,
        // Its "Make primary" button is gone with the switch: stay on the same record.
        focus: { target: change.id },
      };
    case 'added':
    case 'updated': {
      const text = `${capitalised(noun.singular)} ${change.kind}${named ? `: ${nameOf(named)}` : ''}.`;
      // A first record replaces the empty state, and with it the Add button focus had returned to.
      return change.kind === 'added' ? { text, focus: { target: 'add', ifLost: true } } : { text };
    }
  }
}

/** What deleting does, in a sentence: for the primary, that another record takes over. */
function removeMessage<T extends ListedRecord>(
  record: T,
  records: readonly T[],
  noun: RecordNoun,
  nameOf: (record: T) => string,
  primary: PrimaryRecords<T> | undefined,
): string {
  const name = nameOf(record);
  // The server promotes the oldest remaining record, which is the lowest id.
  const successor = records.filter((other) => other.id !== record.id).sort((a, b) => a.id - b.id)[0];
  if (primary?.isPrimary(record) && successor) {
    return `${name} is your primary ${noun.singular}. Once it is deleted, ${nameOf(successor)} becomes your primary ${noun.singular}; you can make another one primary afterwards.`;
  }
  return `${name} will be removed from your ${noun.plural}. This cannot be undone.`;
}
