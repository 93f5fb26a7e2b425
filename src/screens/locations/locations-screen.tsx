import { createContext, useContext } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { saveLocationRequestSchema, type Location } from '@shared/contract/locations';
import { deleteLocation, listLocations, saveLocation } from '@/api/locations';
import { PrimaryCheckbox, RecordEditorDialog, usePrimaryChoice } from '@/components/account/record-editor';
import {
  RecordListView,
  type PrimaryRecords,
  type RecordEditorProps,
  type RecordNoun,
} from '@/components/account/record-list-view';
import { SelectField } from '@/components/form/select-field';
import { useUsStates } from '@/components/account/use-us-states';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { recordListMachine, type ListedRecord, type SaveRecordInput } from '@/machines/record-list.machine';

/**
 * The insured's own locations (specification §3 Location): the addresses they practise from,
 * one of them primary. The shared RecordListView runs the list and its dialogs; this file says
 * how a location reads and brings its form. An order keeps its own copies of these addresses
 * (plan locations), so editing one here does not rewrite an order already made.
 */

const locationsMachine = recordListMachine.provide({
  actors: {
    loadRecords: fromPromise<ListedRecord[]>(() => listLocations()),
    // Parsing with the contract trims the form's text and turns empty optional fields into null.
    saveRecord: fromPromise<ListedRecord, SaveRecordInput>(({ input }) =>
      saveLocation(v.parse(saveLocationRequestSchema, { ...input.values, id: input.id ?? null }), input.idempotencyKey),
    ),
    removeRecord: fromPromise<unknown, { id: number }>(({ input }) => deleteLocation(input.id)),
  },
});

const noun: RecordNoun = { singular: 'location', plural: 'locations', indefinite: 'a location' };

/** Its title when it has one ("Main office"), else its street address. */
const nameOf = (location: Location) => location.title ?? location.address1;

const primary: PrimaryRecords<Location> = {
  isPrimary: (location) => location.isprimary,
  valuesToMakePrimary: ({ id, title, address1, address2, city, state, zipcode }) => ({
    id,
    title,
    address1,
    address2,
    city,
    state,
    zipcode,
    isprimary: true,
  }),
};

function locationDetails(location: Location) {
  return (
    <>
      {/* Without a title the heading already is the first line. */}
      {location.title && <p>{location.address1}</p>}
      {location.address2 && <p>{location.address2}</p>}
      <p>
        {location.city}, {location.state} {location.zipcode}
      </p>
    </>
  );
}

/** The state list, loaded once by the screen so it is there when the dialog opens. */
const UsStatesContext = createContext<ReturnType<typeof useUsStates>>({
  states: [],
  status: 'loading',
  retry: () => {},
});

const fields = saveLocationRequestSchema.entries;
const SHOWN_FIELDS = ['title', 'address1', 'address2', 'city', 'state', 'zipcode'] as const;
// A select has nothing to mistype: the only thing to say is that none was chosen.
const chosenState = v.pipe(v.string(), v.nonEmpty('is required'));

function LocationEditor({ record, records, saving, failure, onSave, onCancel }: RecordEditorProps<Location>) {
  const usStates = useContext(UsStatesContext);
  const form = useForm(
    {
      title: { schema: fields.title, name: 'Title', initial: record?.title ?? '' },
      address1: { schema: fields.address1, name: 'Address line 1', initial: record?.address1 ?? '' },
      address2: { schema: fields.address2, name: 'Address line 2', initial: record?.address2 ?? '' },
      city: { schema: fields.city, name: 'City', initial: record?.city ?? '' },
      state: { schema: chosenState, name: 'State', initial: record?.state ?? '' },
      zipcode: { schema: fields.zipcode, name: 'ZIP code', initial: record?.zipcode ?? '' },
    },
    failure?.fields,
  );
  const primaryChoice = usePrimaryChoice(
    record,
    records,
    'location',
    'Your primary location is the address your policy is rated at.',
  );

  function submit() {
    const values = form.submit();
    if (values) onSave({ ...values, isprimary: primaryChoice.isprimary });
  }

  const text = (name: Exclude<(typeof SHOWN_FIELDS)[number], 'state'>) => ({ ...form.field(name), readOnly: saving });

  return (
    <RecordEditorDialog
      title={record ? 'Edit location' : 'Add a location'}
      saveLabel="Save location"
      saving={saving}
      failure={failure}
      failureTitle="We could not save this location"
      shownFields={SHOWN_FIELDS}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        data-autofocus
        label="Title"
        optional
        hint="A name you will recognise, for example Main office."
        autoComplete="off"
        {...text('title')}
      />
      <TextField label="Address line 1" autoComplete="address-line1" {...text('address1')} />
      <TextField
        label="Address line 2"
        optional
        hint="Suite, floor or building."
        autoComplete="address-line2"
        {...text('address2')}
      />
      <TextField label="City" autoComplete="address-level2" {...text('city')} />
      <div className="form__row">
        <SelectField
          label="State"
          placeholder={usStates.status === 'loading' ? 'Loading states…' : 'Choose a state'}
          options={usStates.states.map((state) => ({ value: state.code, label: state.name }))}
          {...form.field('state')}
          autoComplete="address-level1"
        >
          {usStates.status === 'failed' && (
            <>
              <p className="field__hint">We could not load the list of states.</p>
              <button
                type="button"
                className="button button--secondary button--small field__retry"
                onClick={usStates.retry}
              >
                Load the states again
              </button>
            </>
          )}
        </SelectField>
        <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" {...text('zipcode')} />
      </div>
      <PrimaryCheckbox {...primaryChoice.checkbox} />
    </RecordEditorDialog>
  );
}

export default function LocationsScreen() {
  const usStates = useUsStates();
  return (
    <UsStatesContext.Provider value={usStates}>
      <RecordListView<Location>
        screen="locations"
        eyebrow="Your account"
        title="Locations"
        lead={<p>The addresses you practise from, and which one is your primary location.</p>}
        machine={locationsMachine}
        noun={noun}
        nameOf={nameOf}
        details={locationDetails}
        editor={LocationEditor}
        primary={primary}
        empty={
          <>
            <p className="records-empty__title">No locations yet</p>
            <p>
              Your primary location is the address your policy is rated at: its state and ZIP code set the price. Add
              every address you practise from, so your cover reaches all of them.
            </p>
          </>
        }
      />
    </UsStatesContext.Provider>
  );
}
