import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { deleteContact, listContacts, saveContact } from '@/api/contacts';
import { saveContactRequestSchema, type Contact } from '@shared/contract/contacts';
import { formatPhone, phoneHref } from '@/components/account/phone-format';
import { PrimaryCheckbox, RecordEditorDialog, usePrimaryChoice } from '@/components/account/record-editor';
import {
  RecordListView,
  type PrimaryRecords,
  type RecordEditorProps,
  type RecordNoun,
} from '@/components/account/record-list-view';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { recordListMachine, type ListedRecord, type SaveRecordInput } from '@/machines/record-list.machine';

/**
 * The insured's contacts (specification §3 Contact): the people we reach, one of them primary.
 * The list, its dialogs and announcements are the shared RecordListView; this file says how a
 * contact reads and brings its form.
 */

const contactsMachine = recordListMachine.provide({
  actors: {
    loadRecords: fromPromise<ListedRecord[]>(() => listContacts()),
    // Parsing with the contract trims the form's text and turns empty optional fields into null.
    saveRecord: fromPromise<ListedRecord, SaveRecordInput>(({ input }) =>
      saveContact(v.parse(saveContactRequestSchema, { ...input.values, id: input.id ?? null }), input.idempotencyKey),
    ),
    removeRecord: fromPromise<unknown, { id: number }>(({ input }) => deleteContact(input.id)),
  },
});

const noun: RecordNoun = { singular: 'contact', plural: 'contacts', indefinite: 'a contact' };

/** The person's full name: what buttons and announcements call them ("Edit Ada Lovelace"). */
const nameOf = (contact: Contact) => `${contact.firstname} ${contact.lastname}`;

/** As it is written on an envelope: the title first. */
const headingOf = (contact: Contact) => (contact.title ? `${contact.title} ${nameOf(contact)}` : nameOf(contact));

const primary: PrimaryRecords<Contact> = {
  isPrimary: (contact) => contact.isprimary,
  valuesToMakePrimary: ({ id, title, firstname, lastname, email, contactnumber }) => ({
    id,
    title,
    firstname,
    lastname,
    email,
    contactnumber,
    isprimary: true,
  }),
};

function contactDetails(contact: Contact) {
  if (!contact.email && !contact.contactnumber) return <p>No e-mail address or phone number yet.</p>;
  return (
    <>
      {contact.email && (
        <p>
          <span className="visually-hidden">E-mail: </span>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      )}
      {contact.contactnumber && (
        <p>
          <span className="visually-hidden">Phone: </span>
          <a href={phoneHref(contact.contactnumber)}>{formatPhone(contact.contactnumber)}</a>
        </p>
      )}
    </>
  );
}

const fields = saveContactRequestSchema.entries;
const SHOWN_FIELDS = ['title', 'firstname', 'lastname', 'email', 'contactnumber'] as const;

function ContactEditor({ record, records, saving, failure, onSave, onCancel }: RecordEditorProps<Contact>) {
  const form = useForm(
    {
      title: { schema: fields.title, name: 'Title', initial: record?.title ?? '' },
      firstname: { schema: fields.firstname, name: 'First name', initial: record?.firstname ?? '' },
      lastname: { schema: fields.lastname, name: 'Last name', initial: record?.lastname ?? '' },
      email: { schema: fields.email, name: 'E-mail', initial: record?.email ?? '' },
      // Shown as people read it; the server turns whatever is typed back into E.164.
      contactnumber: {
        schema: fields.contactnumber,
        name: 'Phone',
        initial: record?.contactnumber ? formatPhone(record.contactnumber) : '',
      },
    },
    failure?.fields,
  );
  const primaryChoice = usePrimaryChoice(
    record,
    records,
    'contact',
    'The primary contact is the person we write to first about your policy.',
  );

  function submit() {
    const values = form.submit();
    if (values) onSave({ ...values, isprimary: primaryChoice.isprimary });
  }

  const text = (name: (typeof SHOWN_FIELDS)[number]) => ({ ...form.field(name), readOnly: saving });

  return (
    <RecordEditorDialog
      title={record ? 'Edit contact' : 'Add a contact'}
      saveLabel="Save contact"
      saving={saving}
      failure={failure}
      failureTitle="We could not save this contact"
      shownFields={SHOWN_FIELDS}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="form__row">
        <TextField
          data-autofocus
          label="Title"
          optional
          hint="For example Dr or Ms."
          autoComplete="off"
          {...text('title')}
        />
      </div>
      <div className="form__row">
        <TextField label="First name" autoComplete="off" {...text('firstname')} />
        <TextField label="Last name" autoComplete="off" {...text('lastname')} />
      </div>
      <TextField label="E-mail" optional type="email" autoComplete="off" {...text('email')} />
      <TextField
        label="Phone"
        optional
        type="tel"
        autoComplete="off"
        hint="A US number needs no country code, for example (512) 555-0142."
        {...text('contactnumber')}
      />
      <PrimaryCheckbox {...primaryChoice.checkbox} />
    </RecordEditorDialog>
  );
}

export default function ContactsScreen() {
  return (
    <RecordListView<Contact>
      screen="contacts"
      eyebrow="Your account"
      title="Contacts"
      lead={<p>The people at your practice we should reach, and who is the primary contact.</p>}
      machine={contactsMachine}
      noun={noun}
      nameOf={nameOf}
      headingOf={headingOf}
      details={contactDetails}
      editor={ContactEditor}
      primary={primary}
      empty={
        <>
          <p className="records-empty__title">No contacts yet</p>
          <p>
            Your primary contact is the person we write to about your policy, its renewal and any claim. Add the people
            at your practice we should reach, so nothing important waits on the wrong desk.
          </p>
        </>
      }
    />
  );
}
