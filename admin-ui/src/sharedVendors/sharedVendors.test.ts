import { describe, expect, it } from 'vitest';
import { BLOCKS, CHILDREN, bodyOf, display, formOf } from './sharedVendors';

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
});
