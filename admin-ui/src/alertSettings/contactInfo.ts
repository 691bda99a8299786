// "Where alerts reach you" (docs/alerts.md "E-mail and text"): the caller's e-mail address, mobile number and
// carrier, saved with POST User/ContactInfo/Update. The rules here are pure: what the form starts from, what a save
// sends (only what changed; the number and carrier together), the address texts go to, and when to warn that texts
// are wanted but cannot be sent.
import type { Body, Schema } from '../shared/api';
import { checkField, validateForm, type FormErrors, type FormRules } from '../ui';

export type MobileCarrier = Schema<'MobileCarrier'>;
export type ContactInfo = Schema<'ContactInfo'>;
export type ContactBody = Body<'/V1/User/ContactInfo/Update', 'post'>;

/** What the form edits, as typed (the carrier as chosen, null for none). */
export interface ContactForm {
  email: string;
  mobile_phone: string;
  mobile_carrier_id: number | null;
}

/** The saved values (GET User/{id} for the caller, or the last save's answer). */
export type SavedContact = Pick<ContactInfo, 'email' | 'mobile_phone' | 'mobile_carrier_id'>;

/** The fields' labels and the checks made before sending (the number's digits are the server's to judge). */
export const CONTACT_RULES: FormRules<keyof ContactForm> = {
  email: { label: 'E-mail address', email: true, maxLength: 254 },
  mobile_phone: { label: 'Mobile number', maxLength: 30 },
  mobile_carrier_id: { label: 'Mobile carrier' },
};

export const formOf = (saved: SavedContact | null | undefined): ContactForm => ({
  email: saved?.email ?? '',
  mobile_phone: saved?.mobile_phone ?? '',
  mobile_carrier_id: saved?.mobile_carrier_id ?? null,
});

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The body of a save: only the fields that differ from the saved ones (absent keeps the rest). The number and
 * carrier go together, as the operation wants them: a cleared number stops texts, so its carrier is cleared with
 * it. Null when nothing changed.
 */
export function contactBody(saved: SavedContact | null | undefined, form: ContactForm): ContactBody | null {
  const before = formOf(saved);
  const body: ContactBody = {};
  if (blankToNull(form.email) !== blankToNull(before.email)) body.email = blankToNull(form.email);
  const phone = blankToNull(form.mobile_phone);
  const carrier = phone === null ? null : form.mobile_carrier_id;
  if (phone !== blankToNull(before.mobile_phone) || carrier !== before.mobile_carrier_id) {
    body.mobile_phone = phone;
    body.mobile_carrier_id = carrier;
  }
  return Object.keys(body).length ? body : null;
}

/** The form's problems before it is sent: the kit's checks, and a number without its carrier. */
export function checkContact(form: ContactForm): FormErrors {
  const errors = validateForm(CONTACT_RULES, form);
  if (blankToNull(form.mobile_phone) !== null && form.mobile_carrier_id === null) {
    errors.mobile_carrier_id = checkField({ ...CONTACT_RULES.mobile_carrier_id, required: true }, null) ?? undefined;
  }
  return errors;
}

/**
 * The address texts go to, as the server makes it (kernel::mail::text_address): the number's 10 digits (a leading
 * country code 1 dropped) at the carrier's gateway; null when either is missing or the number is not one the
 * gateways serve. The save's answer says it too; this shows it for values loaded from GET User/{id}.
 */
export function textAddressOf(phone: string | null | undefined, carrierId: number | null | undefined, carriers: readonly MobileCarrier[]): string | null {
  const carrier = carriers.find((c) => c.mobile_carrier_id === carrierId);
  if (!phone || !carrier || !/^[\d\s+\-.()/]+$/.test(phone)) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 10 ? digits : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null;
  return national ? `${national}@${carrier.sms_gateway_domain}` : null;
}

/** The line under the form: where texts go, or why none are sent (empty while the carriers are still loading). */
export function textsGoToText(address: string | null, numberSaved: boolean): string {
  if (address) return `Texts go to ${address}`;
  return numberSaved ? '' : 'No texts are sent: no mobile number is saved.';
}

/** Whether some alert would be sent as a text (ticked and active), so a missing number deserves a warning. */
export const wantsTexts = (rows: readonly { enable_text: boolean; is_active: boolean }[]): boolean => rows.some((r) => r.enable_text && r.is_active);

export const TEXT_HINT = 'Text is ticked for some alerts, but no mobile number is saved: enter your mobile number and carrier so that texts can reach you.';
