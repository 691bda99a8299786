import { describe, expect, it } from 'vitest';
import {
  addressLine, BLOCKS, changeField, detailRoute, guardDecision, listsOf, MANUFACTURER_REDIRECT, newVendorBody, storedAs, updateBody, VENDOR_REDIRECT,
  type VendorCodeAnswer,
} from './vendors';
import type { TypeValue } from '../typeLists/lookups';

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

describe('list fields', () => {
  const tv = (typeID: string, valueID: number, code: string, description2: string | null = null): TypeValue => ({ typeID, valueID, code, description: code, description2, isActive: true });
  const lists = {
    Country: [tv('Country', 840, 'US'), tv('Country', 124, 'CA'), tv('Country', 276, 'DE')],
    State: [tv('State', 44, 'TX', 'US'), tv('State', 70, 'ON', 'CA')],
  };

  it('pick from the Type lists, storing ids except terms, ship method and pay schedule, which store codes', () => {
    const billing = BLOCKS.find((b) => b.key === 'billing')!;
    expect(listsOf(billing.fields)).toEqual(['Terms', 'FreightTerms', 'ShipMethod', 'Currency', 'ConsignedPaySchedule']);
    expect(billing.fields.filter((f) => f.list).map((f) => [f.name, storedAs(f)])).toEqual([
      ['terms_code', 'code'], ['freight_terms_type_id', 'id'], ['ship_type', 'code'], ['currency_code_type_id', 'id'], ['con_pay_schedule', 'code'],
    ]);
    // What a picker answers is saved as the API expects it.
    expect(updateBody(billing, 'V', { terms_code: 'NET30', currency_code_type_id: 840 })).toMatchObject({ terms_code: 'NET30', currency_code_type_id: 840 });
  });

  it('clear a state of another country when the country changes, and keep one of the same country', () => {
    const texas = { state_type_id: 44, type_country_code_id: 840, is_international: false };
    expect(changeField(texas, 'type_country_code_id', 124, lists)).toMatchObject({ type_country_code_id: 124, state_type_id: null });
    expect(changeField({ ...texas, state_type_id: 70, type_country_code_id: 124 }, 'type_country_code_id', 124, lists).state_type_id).toBe(70);
    // Without a country a domestic vendor is in the United States; made international, its US state goes.
    expect(changeField({ state_type_id: 44, type_country_code_id: null }, 'is_international', true, lists).state_type_id).toBeNull();
    expect(changeField({ state_type_id: 44, type_country_code_id: null }, 'is_international', false, lists).state_type_id).toBe(44);
  });

  it('leave the state alone while the lists are loading, and for changes of other fields', () => {
    expect(changeField({ state_type_id: 44 }, 'type_country_code_id', 124, {}).state_type_id).toBe(44);
    expect(changeField({ state_type_id: 44, type_country_code_id: 124 }, 'city', 'Toronto', lists).state_type_id).toBe(44);
  });
});
