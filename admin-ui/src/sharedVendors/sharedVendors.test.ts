import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubTypeReads } from '../typeLists/testing';
import { clearTypeListCache, loadSharedVendorLists, type TypeValue } from '../typeLists/lookups';
import { BLOCKS, CHILDREN, bodyOf, childKind, display, fieldOptions, formOf, type FieldDef } from './sharedVendors';
import { brandLabel } from './BrandPicker';
import { sharedVendorLabel, sharedVendorQuery } from './SharedVendorPicker';

const v = (typeID: string, valueID: number, code: string, description: string, isActive = true): TypeValue => ({ typeID, valueID, code, description, description2: null, isActive });

// What GET /V1/Type/SharedVendor answers: active values only, list by list (a renamed market type among them).
const ANSWER = [
  v('SharedVendorContactType', 1, 'SALES', 'Sales'),
  v('SharedVendorContactType', 4, 'CS', 'Customer service'),
  v('SharedVendorGrade', 1, 'A', 'A: strategic'),
  v('SharedVendorGradeCategory', 2, 'DELIVERY', 'On-time delivery'),
  v('SharedVendorMarketType', 1, 'MRO', 'MRO'),
  v('SharedVendorMarketType', 4, 'OEM', 'Original equipment'),
  v('SharedVendorPayTerms', 1, 'NET30', 'Net 30 days'),
  v('SharedVendorPayTerms', 4, '2%10NET30', '2% 10 days, net 30'),
];

afterEach(() => {
  clearTypeListCache();
  vi.restoreAllMocks();
});

const fieldOf = (fields: readonly FieldDef[], field: string) => fields.find((f) => f.field === field)!;

describe('shared vendor forms', () => {
  const margin = BLOCKS.find((b) => b.key === 'marketMargin')!;

  it('turn a stored block into a form and back into the body the API takes', () => {
    const form = formOf(margin.fields, { market_type_id: 2, target_margin_pct: 21, min_margin_pct: null, market_margin_notes: 'x' });
    expect(form).toEqual({ market_type_id: '2', target_margin_pct: '21', min_margin_pct: '', market_margin_notes: 'x' });
    expect(bodyOf(margin.fields, { ...form, min_margin_pct: ' 14.5 ', market_margin_notes: '  ' })).toEqual({
      market_type_id: 2,
      target_margin_pct: 21,
      min_margin_pct: 14.5,
      market_margin_notes: null,
    });
  });

  it('send a number that is not one as typed so the server names the field', () => {
    expect(bodyOf(margin.fields, { target_margin_pct: 'abc' }).target_margin_pct).toBe('abc');
  });

  it('show flags as Yes/No and list values by their name in the list', async () => {
    stubTypeReads(ANSWER);
    const lists = await loadSharedVendorLists();
    const vip = BLOCKS.find((b) => b.key === 'vip')!.fields[0];
    expect(display(vip, { is_vip: true })).toBe('Yes');
    expect(display(margin.fields[0], { market_type_id: 4, market_type: 'OEM' }, lists)).toBe('Original equipment');
    expect(display(margin.fields[1], { target_margin_pct: null }, lists)).toBe('—');
    expect(display(margin.fields[1], { target_margin_pct: 21.5 }, lists)).toBe('21.5%');
  });

  it('show a list value the list does not answer (deactivated, or the lists still loading) as the record names it, else by its id', async () => {
    stubTypeReads(ANSWER);
    const lists = await loadSharedVendorLists();
    expect(display(margin.fields[0], { market_type_id: 5, market_type: 'Food and beverage' }, lists)).toBe('Food and beverage');
    expect(display(margin.fields[0], { market_type_id: 4, market_type: 'OEM' }, undefined)).toBe('OEM');
    expect(display(margin.fields[0], { market_type_id: 4 }, undefined)).toBe('4');
  });

  it('has no option of its own for a list field: they are the values the Type operation answers for its list', async () => {
    const reads = stubTypeReads(ANSWER);
    const lists = await loadSharedVendorLists();
    expect(reads.urls).toEqual(['/api/V1/Type/SharedVendor']);
    const contacts = CHILDREN.find((c) => c.key === 'contacts')!;
    const grades = CHILDREN.find((c) => c.key === 'grades')!;
    const costs = BLOCKS.find((b) => b.key === 'costInfo')!;
    const listed = [...BLOCKS.flatMap((b) => b.fields), ...CHILDREN.flatMap((c) => c.fields)].filter((f) => f.kind === 'select');
    expect(listed.map((f) => [f.field, f.list, f.options])).toEqual([
      ['pay_terms_code', 'SharedVendorPayTerms', undefined],
      ['market_type_id', 'SharedVendorMarketType', undefined],
      ['contact_type_id', 'SharedVendorContactType', undefined],
      ['grade_category_id', 'SharedVendorGradeCategory', undefined],
      ['grade_id', 'SharedVendorGrade', undefined],
    ]);
    expect(fieldOptions(fieldOf(contacts.fields, 'contact_type_id'), lists)).toEqual([
      { value: 1, label: 'Sales' },
      { value: 4, label: 'Customer service' },
    ]);
    expect(fieldOptions(fieldOf(grades.fields, 'grade_id'), lists).map((o) => o.label)).toEqual(['A: strategic']);
    expect(fieldOptions(fieldOf(margin.fields, 'market_type_id'), lists).map((o) => o.label)).toEqual(['MRO', 'Original equipment']);
    // Pay terms are stored by code, and their code is part of the label.
    expect(fieldOptions(fieldOf(costs.fields, 'pay_terms_code'), lists)).toEqual([
      { value: 'NET30', label: 'NET30 - Net 30 days' },
      { value: '2%10NET30', label: '2%10NET30 - 2% 10 days, net 30' },
    ]);
  });

  it('keep offering the value a record holds: by the record`s name once deactivated, by its id while the lists load', async () => {
    stubTypeReads(ANSWER);
    const lists = await loadSharedVendorLists();
    const type = fieldOf(CHILDREN.find((c) => c.key === 'contacts')!.fields, 'contact_type_id');
    const contact = { contact_type_id: 6, contact_type: 'Executive sponsor' };
    expect(fieldOptions(type, lists, contact)).toEqual([
      { value: 6, label: 'Executive sponsor (inactive)' },
      { value: 1, label: 'Sales' },
      { value: 4, label: 'Customer service' },
    ]);
    expect(fieldOptions(type, lists, { contact_type_id: 4, contact_type: 'Customer service' })).toHaveLength(2);
    expect(fieldOptions(type, undefined, { contact_type_id: 4 })).toEqual([{ value: 4, label: '4' }]);
    expect(fieldOptions(type, undefined, contact)).toEqual([{ value: 6, label: 'Executive sponsor' }]);
    expect(fieldOptions(type, undefined, null)).toEqual([]);
    const terms = fieldOf(BLOCKS.find((b) => b.key === 'costInfo')!.fields, 'pay_terms_code');
    expect(fieldOptions(terms, lists, { pay_terms_code: 'NET90' })[0]).toEqual({ value: 'NET90', label: 'NET90 (not in the list)' });
  });

  it('send a pay terms code as chosen, value ids as numbers', () => {
    const costs = BLOCKS.find((b) => b.key === 'costInfo')!;
    expect(bodyOf(costs.fields, { pay_terms_code: '2%10NET30', pay_terms_days: '30' })).toMatchObject({ pay_terms_code: '2%10NET30', pay_terms_days: 30 });
    expect(bodyOf(costs.fields, { pay_terms_code: '' }).pay_terms_code).toBeNull();
    const grades = CHILDREN.find((c) => c.key === 'grades')!;
    expect(bodyOf(grades.fields, { grade_category_id: '2', grade_id: '1', graded_on: '2024-05-01', comments: '' })).toEqual({
      grade_category_id: 2,
      grade_id: 1,
      graded_on: '2024-05-01',
      comments: null,
    });
  });

  it('has a tab for every child kind of the API', () => {
    expect(CHILDREN.map((c) => c.kind)).toEqual(['Contact', 'Brand', 'Commodity', 'Grade', 'CompetitorBrand', 'FergusonAccountContact']);
  });

  it('derive each child kind`s tab, id field and columns from one definition', () => {
    expect(CHILDREN.map((c) => [c.key, c.idField, c.updatable])).toEqual([
      ['contacts', 'shared_vendor_contact_id', true],
      ['brands', 'shared_vendor_brand_id', false],
      ['commodities', 'shared_vendor_commodity_id', false],
      ['grades', 'shared_vendor_grade_id', true],
      ['competitorBrands', 'shared_vendor_competitor_brand_id', false],
      ['accountContacts', 'shared_vendor_account_contact_id', true],
    ]);
    const columns = (key: string) => CHILDREN.find((c) => c.key === key)!.columns.map((c) => `${c.field}:${c.label}`);
    // A list value is listed by its name, as the search answers it.
    expect(columns('contacts')).toEqual(['contact_type:Type', 'contact_name:Name', 'phone:Phone', 'phone_ext:Ext', 'email:E-mail', 'notes:Notes']);
    expect(columns('grades')).toEqual(['grade_category:Category', 'grade:Grade', 'graded_on:Graded on', 'comments:Comments']);
    expect(columns('brands')).toEqual(['brand_name:Brand', 'mfg_code:Manufacturer']);
    expect(columns('accountContacts')).toEqual(['contact_name:Name', 'role_title:Role', 'phone:Phone', 'email:E-mail', 'notes:Notes']);
    expect(childKind('Grade', 'Supplier Scores Today', 'grade', []).key).toBe('supplierScoresToday');
  });

  it('pick a brand by name and send its id', () => {
    const brands = CHILDREN.find((c) => c.key === 'brands')!;
    expect(brands.fields).toEqual([{ field: 'brand_id', label: 'Brand', kind: 'brand' }]);
    expect(bodyOf(brands.fields, { brand_id: '17' })).toEqual({ brand_id: 17 });
    expect(bodyOf(brands.fields, { brand_id: '' })).toEqual({ brand_id: null });
    expect(brandLabel({ brand_name: 'SKF Explorer', mfg_code: 'SKF' })).toBe('SKF Explorer (SKF)');
    expect(brandLabel({ brand_name: 'Generic', mfg_code: null })).toBe('Generic');
  });

  it('find shared vendors by a part of the name, inactive ones marked', () => {
    expect(sharedVendorQuery('sk')).toEqual({ search_text: 'sk', pageSize: 20, sortField: 'shared_vendor_name' });
    expect(sharedVendorQuery('')).toMatchObject({ search_text: null });
    expect(sharedVendorLabel({ shared_vendor_id: 1, shared_vendor_name: 'Old Supply', is_active: false })).toBe('Old Supply (inactive)');
  });
});
