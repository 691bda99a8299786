// The item page's references to other records shown by name ('Midwest Industrial Supply (10452)'), and the CIP
// picker of its forms: the record's own answer carries only the code or id, so the name is looked up.
import { callApi, type Schema } from '../../shared/api';
import type { PickerKey, PickerKind } from '../../grid/SearchPicker';
import { nameWithCode, useLoad } from '../../ui';

/** The key read back as the kind's label; the key itself while it loads or when it cannot be read (no right). */
export function RefName<T>({ kind, value, testId }: { kind: PickerKind<T>; value: PickerKey | null | undefined; testId?: string }) {
  const key = value === null || value === undefined || value === '' ? null : value;
  const find = kind.find;
  const found = useLoad(
    (signal) => (find && key !== null ? find(key, signal) : Promise.reject(new Error('nothing to find'))),
    [kind.label, key],
    Boolean(find) && key !== null,
  );
  if (key === null) return null;
  return <span data-testid={testId}>{found.data ? kind.labelOf(found.data) : String(key)}</span>;
}

/** ABC class 1 to 4 (cid.curr_abc_class_type_id) as the letter people use. */
export const abcClassName = (id: number | null | undefined): string => (id ? (['A', 'B', 'C', 'D'][id - 1] ?? String(id)) : '');

export type CipRefRow = Pick<Schema<'CipPick'>, 'cip_no' | 'cip_code' | 'cust_desc1' | 'location'>;

/** 'BRG-6204-2RS · BEARING, BALL (A-01-01)': the code people know, what it is and where. */
export const cipLabel = (c: Pick<CipRefRow, 'cip_code' | 'cust_desc1' | 'location'>): string =>
  nameWithCode([c.cip_code, c.cust_desc1].filter(Boolean).join(' · '), c.location);

/** Active CIPs of the current site by code or customer part (the value is the CIP id). */
export const cipKind: PickerKind<CipRefRow> = {
  label: 'CIP',
  search: (typed, signal) => (typed ? callApi('get', '/V1/Item/CIP/Active', { query: { code: typed, limit: 20 }, signal, quiet: true }) : Promise.resolve([])),
  find: (id, signal) => callApi('get', '/V1/Item/CIP/{id}', { path: { id: Number(id) }, signal, quiet: true }),
  keyOf: (c) => c.cip_no,
  labelOf: cipLabel,
  noOptionsText: 'Type a CIP code or customer part of this site.',
};

/** The same CIPs read back by their code alone (a table cell). */
export const cipCodeKind: PickerKind<CipRefRow> = { ...cipKind, labelOf: (c) => c.cip_code };
