import { describe, expect, it } from 'vitest';
import { reversePath, transactionCriteria } from './transactions';

describe('transaction search criteria', () => {
  it('turns a code name into its number and drops empty fields', () => {
    expect(transactionCriteria({ trans_code: 'iss', cip_no: '42', employee: ' E1001 ', req_no: '' })).toEqual({
      start_date: null,
      end_date: null,
      trans_codes: [1],
      cip_no: 42,
      employeeNumber: 'E1001',
      tracking: null,
      req_no: null,
    });
    expect(transactionCriteria({ trans_code: 'nope', cip_no: 'x' }).trans_codes).toBeNull();
  });
  it('reverses receipts by ReverseReceipt and others by the general reverse', () => {
    expect(reversePath('receipt')).toBe('/V1/Transaction/ReverseReceipt');
    expect(reversePath('general')).toBe('/V1/Transaction/Reverse');
    expect(reversePath(null)).toBeNull();
  });
});
