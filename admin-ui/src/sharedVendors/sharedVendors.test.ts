import { describe, expect, it } from 'vitest';
import { BLOCKS, CHILDREN, bodyOf, childKind, display, formOf } from './sharedVendors';
import { brandLabel } from './BrandPicker';
import { sharedVendorLabel, sharedVendorQuery } from './SharedVendorPicker';

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

  it('show flags as Yes/No and list values by their label', () => {
    const vip = BLOCKS.find((b) => b.key === 'vip')!.fields[0];
    expect(display(vip, true)).toBe('Yes');
    expect(display(margin.fields[0], 4)).toBe('OEM');
    expect(display(margin.fields[1], null)).toBe('—');
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
    expect(brands.fields).toEqual([{ field: 'brand_id', label: 'Brand', kind: 'brand', options: undefined }]);
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
