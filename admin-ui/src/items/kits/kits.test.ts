import { describe, expect, it } from 'vitest';
import { kitChildren } from './kits';

describe('kit children', () => {
  it('sends each child with its quantity', () => {
    expect(kitChildren([{ child_cip_no: 4, qty: '2' }, { child_cip_no: 7, qty: ' 0.5 ' }])).toEqual({
      children: [{ child_cip_no: 4, qty: 2 }, { child_cip_no: 7, qty: 0.5 }],
      errors: {},
    });
  });
  it('refuses quantities not above 0 and a child listed twice', () => {
    expect(kitChildren([{ child_cip_no: 4, qty: '0' }, { child_cip_no: 5, qty: 'x' }, { child_cip_no: 6, qty: '1' }, { child_cip_no: 6, qty: '1' }]).errors).toEqual({
      0: 'Please enter a valid value for Qty',
      1: 'Please enter a valid value for Qty',
      3: 'This CIP is listed twice.',
    });
  });
});
