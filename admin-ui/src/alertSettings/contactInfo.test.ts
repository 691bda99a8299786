import { describe, expect, it } from 'vitest';
import { checkContact, contactBody, formOf, textAddressOf, textsGoToText, wantsTexts, type MobileCarrier } from './contactInfo';

const CARRIERS: MobileCarrier[] = [
  { mobile_carrier_id: 1, carrier_name: 'AT&T', sms_gateway_domain: 'txt.att.net' },
  { mobile_carrier_id: 2, carrier_name: 'Verizon', sms_gateway_domain: 'vtext.com' },
];
const SAVED = { email: 'bea@example.com', mobile_phone: null, mobile_carrier_id: null };

describe('where alerts reach you', () => {
  it('sends nothing when nothing changed, and only the e-mail address when only it changed', () => {
    expect(contactBody(SAVED, formOf(SAVED))).toBeNull();
    expect(contactBody(SAVED, { ...formOf(SAVED), email: ' new@example.com ' })).toEqual({ email: 'new@example.com' });
  });

  it('sends the mobile number and its carrier together, even when only one of them changed', () => {
    const saved = { ...SAVED, mobile_phone: '555-123-4567', mobile_carrier_id: 2 };
    expect(contactBody(saved, { ...formOf(saved), mobile_carrier_id: 1 })).toEqual({ mobile_phone: '555-123-4567', mobile_carrier_id: 1 });
  });

  it('clears the carrier with a cleared number (texts stop) and the e-mail address with an emptied field', () => {
    const saved = { ...SAVED, mobile_phone: '555-123-4567', mobile_carrier_id: 2 };
    expect(contactBody(saved, { email: '', mobile_phone: '  ', mobile_carrier_id: 2 })).toEqual({ email: null, mobile_phone: null, mobile_carrier_id: null });
  });

  it('asks for the carrier of a number and for an e-mail address that looks like one, by label', () => {
    const errors = checkContact({ email: 'bea', mobile_phone: '5551234567', mobile_carrier_id: null });
    expect(errors.email).toBe('E-mail address must be an e-mail address');
    expect(errors.mobile_carrier_id).toBe('Mobile carrier is required');
    expect(checkContact({ email: '', mobile_phone: '', mobile_carrier_id: null })).toEqual({});
  });

  it('makes the text address as the server does: ten digits (a leading 1 dropped) at the carrier gateway', () => {
    expect(textAddressOf('(555) 123-4567', 2, CARRIERS)).toBe('5551234567@vtext.com');
    expect(textAddressOf('+1 555.123.4567', 1, CARRIERS)).toBe('5551234567@txt.att.net');
    expect(textAddressOf('555-1234', 2, CARRIERS)).toBeNull();
    expect(textAddressOf('5551234567@evil.com', 2, CARRIERS)).toBeNull();
    expect(textAddressOf('5551234567', 99, CARRIERS)).toBeNull();
  });

  it('says where texts go, or that none are sent without a number', () => {
    expect(textsGoToText('5551234567@vtext.com', true)).toBe('Texts go to 5551234567@vtext.com');
    expect(textsGoToText(null, false)).toBe('No texts are sent: no mobile number is saved.');
    expect(textsGoToText(null, true)).toBe('');
  });

  it('wants texts only when an active type has Text ticked', () => {
    expect(wantsTexts([{ enable_text: true, is_active: false }, { enable_text: false, is_active: true }])).toBe(false);
    expect(wantsTexts([{ enable_text: true, is_active: true }])).toBe(true);
  });
});
