import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { stubTypeReads } from '../typeLists/testing';
import { clearTypeListCache, type TypeValue } from '../typeLists/lookups';
import { useSharedVendorLists } from '../typeLists/TypeListPicker';
import { Fields } from './SharedVendorFields';
import { CHILDREN, formOf } from './sharedVendors';

const v = (typeID: string, valueID: number, code: string, description: string): TypeValue => ({ typeID, valueID, code, description, description2: null, isActive: true });

const contacts = CHILDREN.find((c) => c.key === 'contacts')!;

/** A contact form as the shared vendor page shows it: the lists read through the Type operation. */
function ContactForm({ record }: { record: Record<string, unknown> | null }) {
  const lists = useSharedVendorLists();
  const [form, setForm] = useState(formOf(contacts.fields, record));
  return (
    <>
      <Fields fields={contacts.fields} form={form} setForm={setForm} errors={{}} prefix="sv-contacts" lists={lists} record={record} />
      <output data-testid="chosen">{String(form.contact_type_id)}</output>
    </>
  );
}

/** The options of the select whose hidden input has the test id (as tests/e2e/shared-vendors.mjs opens it). */
function openSelect(testId: string) {
  const box = screen.getByTestId(testId).parentElement!;
  fireEvent.mouseDown(within(box).getByRole('combobox'));
  return screen.getAllByRole('option');
}

/** What the closed select shows. */
const shown = (testId: string) => within(screen.getByTestId(testId).parentElement!).getByRole('combobox').textContent;

afterEach(() => {
  clearTypeListCache();
  vi.restoreAllMocks();
});

describe('the list fields of a shared vendor form', () => {
  it('offer the values the Type operation answers for their list, and store the chosen value id', async () => {
    const reads = stubTypeReads([
      v('SharedVendorContactType', 1, 'SALES', 'Sales'),
      v('SharedVendorContactType', 4, 'CS', 'Customer service'),
      v('SharedVendorContactType', 7, 'LOG', 'Logistics'),
      v('SharedVendorGrade', 1, 'A', 'A: strategic'),
    ]);
    render(<ContactForm record={null} />);
    await waitFor(() => expect(reads.urls).toEqual(['/api/V1/Type/SharedVendor']));
    await waitFor(() => expect(openSelect('sv-contacts-contact_type_id').map((o) => o.textContent)).toEqual(['—', 'Sales', 'Customer service', 'Logistics']));
    fireEvent.click(screen.getByRole('option', { name: 'Logistics' }));
    expect(screen.getByTestId('chosen').textContent).toBe('7');
    expect(reads.urls).toHaveLength(1);
  });

  it('show a value the record holds by its id while the lists load, and as not in the list once they are read', async () => {
    let answer: (values: TypeValue[]) => void = () => undefined;
    const pending = new Promise<TypeValue[]>((resolve) => (answer = resolve));
    stubTypeReads(pending);
    render(<ContactForm record={{ contact_type_id: 6, contact_name: 'Eva Lund' }} />);
    expect(shown('sv-contacts-contact_type_id')).toBe('6');
    answer([v('SharedVendorContactType', 1, 'SALES', 'Sales')]);
    await waitFor(() => expect(shown('sv-contacts-contact_type_id')).toBe('6 (not in the list)'));
  });

  it('keep offering a deactivated value the record holds, by the name the record gives it', async () => {
    stubTypeReads([v('SharedVendorContactType', 1, 'SALES', 'Sales')]);
    render(<ContactForm record={{ contact_type_id: 6, contact_type: 'Executive sponsor', contact_name: 'Eva Lund' }} />);
    expect(shown('sv-contacts-contact_type_id')).toBe('Executive sponsor');
    await waitFor(() => expect(shown('sv-contacts-contact_type_id')).toBe('Executive sponsor (inactive)'));
    expect(openSelect('sv-contacts-contact_type_id').map((o) => o.textContent)).toEqual(['—', 'Executive sponsor (inactive)', 'Sales']);
  });
});
