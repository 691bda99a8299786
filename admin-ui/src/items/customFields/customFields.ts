import type { Schema } from '../../shared/api';

export type EntityType = Schema<'CustomFieldEntityType'>;
export type FieldType = Schema<'CustomFieldType'>;
export type Definition = Schema<'CustomFieldDefinition'>;
export type PossibleValue = Schema<'CustomFieldValuePossible'>;

export const ENTITY_TYPES: readonly { value: EntityType; label: string }[] = [
  { value: 'CID', label: 'CID fields' },
  { value: 'CIP', label: 'CIP fields' },
];
export const FIELD_TYPES: readonly { value: FieldType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'list', label: 'List of values' },
];
/** 20 custom fields per CID and per CIP at a site (spec 3 section 9). */
export const SLOTS = 20;
export const DEFAULT_MAX_LENGTH = 500;

export interface DefinitionForm {
  label: string;
  field_type: FieldType;
  is_required: boolean;
  is_visible: boolean;
  /** As typed; empty means the default (500). */
  max_length: string;
  /** As typed; empty takes the first free slot (new fields only). */
  field_no: string;
}

export const emptyDefinitionForm = (): DefinitionForm => ({
  label: '',
  field_type: 'text',
  is_required: false,
  is_visible: true,
  max_length: '',
  field_no: '',
});

export const definitionForm = (d: Definition): DefinitionForm => ({
  label: d.label,
  field_type: (d.field_type as FieldType) ?? 'text',
  is_required: d.is_required,
  is_visible: d.is_visible,
  max_length: d.max_length === null || d.max_length === undefined ? '' : String(d.max_length),
  field_no: String(d.field_no),
});

/** The form's own checks before the API's: a label, and whole numbers in range where numbers are typed. */
export function definitionErrors(form: DefinitionForm, isNew: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.label.trim()) errors.label = 'Please enter a valid value for Label';
  const whole = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  if (form.max_length.trim() && !whole(form.max_length, 1, DEFAULT_MAX_LENGTH)) errors.max_length = 'Please enter a valid value for Max Length (1-500)';
  if (isNew && form.field_no.trim() && !whole(form.field_no, 1, SLOTS)) errors.field_no = 'Please enter a valid value for Slot (1-20)';
  return errors;
}

const optionalInt = (text: string): number | null => (text.trim() ? Number(text) : null);

export function newDefinitionBody(entity: EntityType, form: DefinitionForm): Schema<'CustomFieldDefinitionNew'> {
  return {
    entity_type: entity,
    field_no: optionalInt(form.field_no),
    label: form.label.trim(),
    field_type: form.field_type,
    is_required: form.is_required,
    is_visible: form.is_visible,
    max_length: optionalInt(form.max_length),
  };
}

export function updateDefinitionBody(id: number, form: DefinitionForm): Schema<'CustomFieldDefinitionUpdate'> {
  return {
    custom_field_definition_id: id,
    label: form.label.trim(),
    field_type: form.field_type,
    is_required: form.is_required,
    is_visible: form.is_visible,
    max_length: optionalInt(form.max_length),
  };
}

/** Slots still free for a new field. */
export const freeSlots = (definitions: readonly Definition[]): number =>
  SLOTS - new Set(definitions.map((d) => d.field_no)).size;
