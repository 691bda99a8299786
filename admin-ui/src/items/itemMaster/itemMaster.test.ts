import { describe, expect, it } from 'vitest';
import { itemMasterCriteria, maintenanceChanges, maintenanceForm, searchTextMissing, type ItemMaster } from './itemMaster';

const ITEM = {
  item_id: 7,
  desc1: 'BEARING, BALL',
  desc2: null,
  mfg_code: 'SKF',
  mfg_part_no: 'SKF-001001',
  item_status: 1,
  shelf_life: null,
  haz_volume_size: 2.5,
  brand_id: 3,
  lot_control: false,
  serialized: true,
} as unknown as ItemMaster;

describe('item master search', () => {
  it('sends empty inputs as null, codes upper case and numbers as numbers', () => {
    expect(itemMasterCriteria({ type: 'all', search_text: '  ', mfg_code: ' skf ', brand_id: '12', commodity_code: '3117', item_status: '' })).toEqual({
      search_text: null,
      mfg_code: 'SKF',
      brand_id: 12,
      commodity_code: '3117',
      item_status: null,
    });
  });
  it('needs a text for every type but all', () => {
    expect(searchTextMissing({ type: 'all' })).toBe(false);
    expect(searchTextMissing({ type: 'upc', search_text: ' ' })).toBe(true);
    expect(searchTextMissing({ type: 'upc', search_text: '0123' })).toBe(false);
  });
});

describe('item master maintenance', () => {
  it('sends only what changed, emptied fields as null', () => {
    const form = { ...maintenanceForm(ITEM), desc2: 'SHIELDED', haz_volume_size: '', serialized: false, shelf_life: '365' };
    const { body, errors } = maintenanceChanges(ITEM, form);
    expect(errors).toEqual({});
    expect(body).toEqual({ item_id: 7, desc2: 'SHIELDED', haz_volume_size: null, serialized: false, shelf_life: 365 });
  });
  it('refuses a number that does not parse, naming the field', () => {
    const { errors } = maintenanceChanges(ITEM, { ...maintenanceForm(ITEM), shelf_life: '1.5', brand_id: 'x' });
    expect(errors).toEqual({
      shelf_life: 'Please enter a valid value for Shelf Life (days)',
      brand_id: 'Please enter a valid value for Brand Id',
    });
  });
  it('sends nothing but the id when nothing changed', () => {
    expect(maintenanceChanges(ITEM, maintenanceForm(ITEM)).body).toEqual({ item_id: 7 });
  });
});
