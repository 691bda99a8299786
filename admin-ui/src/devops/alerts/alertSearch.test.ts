import { describe, expect, it } from 'vitest';
import { DIGITS_ONLY, alertDateMessages, alertFieldErrors, alertSearchBody, defaultAlertForm } from './alertSearch';

const NOW = new Date(Date.UTC(2026, 5, 15, 12));

describe('alert search validation', () => {
  it('starts 30 days back with everything else open', () => {
    expect(defaultAlertForm(NOW)).toEqual({
      po_no: null, wo_no: null, req_no: null, cip_no: null,
      date_start: '2026-05-16', date_end: null, alert_type: '', site_code: '',
    });
  });
  it('accepts digits only in the four number fields (Search disabled otherwise)', () => {
    expect(alertFieldErrors({ po_no: '12345', wo_no: null, req_no: '', cip_no: '007' })).toEqual({});
    expect(alertFieldErrors({ po_no: '12a', wo_no: '-1', req_no: '1.5', cip_no: ' 1' })).toEqual({
      po_no: DIGITS_ONLY, wo_no: DIGITS_ONLY, req_no: DIGITS_ONLY, cip_no: DIGITS_ONLY,
    });
    expect(alertFieldErrors({ date_start: '2026-02-30' }).date_start).toBeTruthy();
  });
  it('blocks dates outside 10 years either side and a start after the end', () => {
    expect(alertDateMessages({ date_start: '2016-01-01', date_end: '2036-01-01' }, NOW)).toEqual([]);
    expect(alertDateMessages({ date_start: '2015-12-31', date_end: null }, NOW)).toEqual(['Start Date must be on/after 01/01/2016']);
    expect(alertDateMessages({ date_start: null, date_end: '2036-01-02' }, NOW)).toEqual(['End Date must be on/before 01/01/2036']);
    expect(alertDateMessages({ date_start: '2026-06-02', date_end: '2026-06-01' }, NOW)).toEqual([
      'Start Date can not be greater than the End Date',
    ]);
  });
  it('sends empty inputs and All choices as null', () => {
    expect(
      alertSearchBody({ po_no: ' 42 ', wo_no: '', req_no: null, cip_no: '7', date_start: '2026-05-16', date_end: '', alert_type: '', site_code: '' }),
    ).toEqual({ po_no: '42', wo_no: null, req_no: null, cip_no: '7', date_start: '2026-05-16', date_end: null, alert_type: null, site_code: null });
    expect(alertSearchBody({ ...defaultAlertForm(NOW), alert_type: 3, site_code: 'ACME-N' })).toMatchObject({ alert_type: 3, site_code: 'ACME-N' });
  });
});
