import { describe, expect, it } from 'vitest';
import type { Schema } from '../../shared/api';
import { otherBody, otherForm, switchedVendor } from './otherSettings';

const CIP = { cip_no: 10, site_id: 1, vend_code: '10452', consigned: false, buddy_cip_no: null, custom_1: 'Bay 4', custom_2: null } as unknown as Schema<'Cip'>;

describe('the CIP`s other settings', () => {
  it('start from the CIP and send every field back, empty text as null', () => {
    const form = otherForm(CIP);
    expect(form).toEqual({ vend_code: '10452', consigned: false, buddy_cip_no: '', custom_1: 'Bay 4', custom_2: '', custom_3: '', custom_4: '' });
    expect(otherBody(10, { ...form, vend_code: ' 41080 ', buddy_cip_no: '12', custom_1: '  ' })).toEqual({
      body: { cip_no: 10, consigned: false, vend_code: '41080', buddy_cip_no: 12, custom_1: null, custom_2: null, custom_3: null, custom_4: null },
      errors: {},
    });
  });

  it('refuse a buddy CIP that is not a number before sending', () => {
    expect(otherBody(10, { ...otherForm(CIP), buddy_cip_no: '12a' }).errors).toEqual({ buddy_cip_no: 'Please enter a CIP Id (a whole number).' });
  });

  it('ask about the approved vendors only when the save switches to another vendor', () => {
    expect(switchedVendor('10452', '41080')).toBe('41080');
    expect(switchedVendor('10452', ' 10452 ')).toBeNull();
    expect(switchedVendor('abc', 'ABC')).toBeNull();
    expect(switchedVendor('10452', '')).toBeNull();
    expect(switchedVendor(null, '30871')).toBe('30871');
  });
});
