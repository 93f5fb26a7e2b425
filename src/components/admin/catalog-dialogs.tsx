import * as v from 'valibot';
import {
  categoryRequestSchema,
  specialityRequestSchema,
  type AdminCatalog,
  type AdminCategory,
  type AdminSpeciality,
} from '@shared/contract/admin-catalog';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import type { CatalogSave } from '@/machines/admin-catalog.machine';

type Failure = { message: string; fields: Record<string, string> } | null;

const orderSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,6}$/, 'must be a whole number, 0 or more'),
  v.check((value) => Number(value) <= 100_000, 'must be at most 100000'),
);
const optionalDescription = v.pipe(v.string(), v.trim(), v.maxLength(500, 'must be at most 500 characters'));
const ORDER_HINT = 'Lower numbers are listed first.';

/** Create or edit a speciality category: name, description, place in the list. */
export function CategoryDialog({
  category,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  category: AdminCategory | null;
  busy: boolean;
  failure: Failure;
  onSave: (save: CatalogSave) => void;
  onCancel: () => void;
}) {
  const form = useForm(
    {
      name: { schema: categoryRequestSchema.entries.name, name: 'Name', initial: category?.name },
      description: { schema: optionalDescription, name: 'Description', initial: category?.description },
      sortOrder: { schema: orderSchema, name: 'Place in the list', initial: String(category?.sortOrder ?? 0) },
    },
    failure?.fields ?? {},
  );
  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New category'}
      submitLabel={category ? 'Save changes' : 'Create category'}
      busyLabel="Saving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not save this category"
      shownFields={['name', 'description', 'sortOrder']}
      onSubmit={() => {
        const values = form.submit();
        if (values)
          onSave({
            kind: 'category',
            values: { name: values.name, description: values.description, sortOrder: Number(values.sortOrder) },
          });
      }}
      onCancel={onCancel}
    >
      <TextField label="Name" {...form.field('name')} />
      <TextAreaField label="Description" optional {...form.field('description')} />
      <TextField label="Place in the list" inputMode="numeric" hint={ORDER_HINT} {...form.field('sortOrder')} />
    </FormDialog>
  );
}

/**
 * Create or edit a speciality: its category, name, description and place; a new one may start
 * priced and asked like another (its rate tables and questions are copied).
 */
export function SpecialityDialog({
  speciality,
  catalog,
  busy,
  failure,
  onSave,
  onCancel,
}: {
  speciality: AdminSpeciality | null;
  catalog: AdminCatalog;
  busy: boolean;
  failure: Failure;
  onSave: (save: CatalogSave) => void;
  onCancel: () => void;
}) {
  const form = useForm(
    {
      categoryId: {
        schema: v.pipe(v.string(), v.nonEmpty('is required')),
        name: 'Category',
        initial: speciality ? String(speciality.categoryId) : '',
      },
      name: { schema: specialityRequestSchema.entries.name, name: 'Name', initial: speciality?.name },
      description: { schema: optionalDescription, name: 'Description', initial: speciality?.description },
      sortOrder: { schema: orderSchema, name: 'Place in the list', initial: String(speciality?.sortOrder ?? 0) },
      copyFrom: { schema: v.string(), name: 'Start from', initial: '' },
    },
    failure?.fields ?? {},
  );
  return (
    <FormDialog
      title={speciality ? `Edit ${speciality.name}` : 'New speciality'}
      submitLabel={speciality ? 'Save changes' : 'Create speciality'}
      busyLabel="Saving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not save this speciality"
      shownFields={['categoryId', 'name', 'description', 'sortOrder', 'copyFrom']}
      onSubmit={() => {
        const values = form.submit();
        if (!values) return;
        onSave({
          kind: 'speciality',
          values: {
            categoryId: Number(values.categoryId),
            name: values.name,
            description: values.description,
            sortOrder: Number(values.sortOrder),
            copyFrom: values.copyFrom ? Number(values.copyFrom) : null,
          },
        });
      }}
      onCancel={onCancel}
    >
      <SelectField
        label="Category"
        placeholder="Choose…"
        options={catalog.categories.map((category) => ({ value: String(category.id), label: category.name }))}
        {...form.field('categoryId')}
      />
      <TextField label="Name" {...form.field('name')} />
      <TextAreaField
        label="Description"
        optional
        hint="Shown under its name on the landing page."
        {...form.field('description')}
      />
      <TextField label="Place in the list" inputMode="numeric" hint={ORDER_HINT} {...form.field('sortOrder')} />
      {!speciality && (
        <SelectField
          label="Start from"
          optional
          placeholder="Nothing: no rate tables or questions yet"
          hint="Its rate tables (each state's in force) and questions are copied, so it can be priced at once; change them afterwards."
          options={catalog.specialities.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          {...form.field('copyFrom')}
        />
      )}
    </FormDialog>
  );
}
