import { describe, expect, it } from 'vitest';
import {
  addressLine, BLOCKS, detailRoute, guardDecision, MANUFACTURER_REDIRECT, newVendorBody, updateBody, VENDOR_REDIRECT, type VendorCodeAnswer,
} from './vendors';

const found = (is_manufacturer: boolean): VendorCodeAnswer => ({
  vend_id: 1, vend_code: '30871', vend_name: 'SKF USA Inc.', is_vmi: false, is_manufacturer, is_hidden: false, erp_type_id: 7, erp_company: 'ACME',
});

describe('the vendor route guard', () => {
  it('opens the search without a vend_code', () => {
    expect(guardDecision('vendor', null, null)).toEqual({ kind: 'search' });
    expect(guardDecision('manufacturer', '  ', null)).toEqual({ kind: 'search' });
  });
  it('redirects with the spec message when the site does not see the vendor', () => {
    expect(guardDecision('vendor', '70001', null)).toEqual({ kind: 'redirect', message: VENDOR_REDIRECT });
    expect(guardDecision('manufacturer', '70001', null)).toEqual({ kind: 'redirect', message: MANUFACTURER_REDIRECT });
  });
  it('needs a manufacturer on the manufacturer route only', () => {
    expect(guardDecision('manufacturer', '41007', found(false))).toEqual({ kind: 'redirect', message: MANUFACTURER_REDIRECT });
    expect(guardDecision('vendor', '41007', found(false))).toEqual({ kind: 'detail', code: '30871' });
    expect(guardDecision('manufacturer', '30871', found(true))).toEqual({ kind: 'detail', code: '30871' });
  });
  it('builds detail routes with the code escaped', () => {
    expect(detailRoute('vendor', 'A B')).toBe('/vendors/vendorSearch?vend_code=A%20B');
    expect(detailRoute('manufacturer', 'SKF')).toBe('/manufacturers/manufacturerSearch?vend_code=SKF');
  });
});

describe('block updates', () => {
  it('send the editable fields only, empty text and lists as null', () => {
    const billing = BLOCKS.find((b) => b.key === 'billing')!;
    const body = updateBody(billing, '41080', { terms_code: 'NET30', freight_terms_type_id: '2', ship_type: ' ', min_purc_amount: '', last_trans_paid: 'x' });
    expect(body).toEqual({
      vend_code: '41080', terms_code: 'NET30', freight_terms_type_id: 2, ship_type: null, currency_code_type_id: null, con_pay_schedule: null, min_purc_amount: null,
    });
  });
  it('send booleans as booleans', () => {
    const misc = BLOCKS.find((b) => b.key === 'miscellaneous')!;
    expect(updateBody(misc, 'X', { diverse_supplier: 1 }).diverse_supplier).toBe(true);
    expect(updateBody(misc, 'X', {}).bypass_template).toBe(false);
  });
});

describe('the new-vendor payload', () => {
  it('nests the address and flags the kind', () => {
    const body = newVendorBody('InsertVMI', { vend_name: ' Gulf Coast ', city: 'Houston', state_type_id: '48', ns_billing: 'x' });
    expect(body.vend_name).toBe('Gulf Coast');
    expect(body.address).toMatchObject({ city: 'Houston', state_type_id: 48, address1: null });
    expect(body.vmiStandard).toBe(true);
    expect(body.ns_billing).toBeNull();
    expect(newVendorBody('InsertNetSuite', { ns_billing: 'AP' }).ns_billing).toBe('AP');
  });
  it('writes one address line', () => {
    expect(addressLine({ address1: '1 Main', city: 'Austin', state: 'TX', postal_code: '78701' })).toBe('1 Main, Austin, TX 78701');
    expect(addressLine({ city: 'Austin' })).toBe('Austin');
  });
});
