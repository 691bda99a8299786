// The other settings of the item page's CIP (Item/CIP/Other/Update): its vendor, consigned, buddy CIP and custom
// fields 1 to 4. The update replaces every one of them, so the form starts from the CIP's values. Changing the
// vendor asks CheckIfWarnAVOnVendorSwitch first: the item's manufacturer may have approved vendors at the site that
// the new vendor is not one of, and the user confirms the switch before it is saved.
import type { Schema } from '../../shared/api';

type Cip = Schema<'Cip'>;

export const CUSTOM_FIELDS = ['custom_1', 'custom_2', 'custom_3', 'custom_4'] as const;

export interface OtherForm {
  vend_code: string;
  consigned: boolean;
  buddy_cip_no: string;
  custom_1: string;
  custom_2: string;
  custom_3: string;
  custom_4: string;
}

export function otherForm(cip: Cip): OtherForm {
  return {
    vend_code: cip.vend_code ?? '',
    consigned: cip.consigned,
    buddy_cip_no: cip.buddy_cip_no === null || cip.buddy_cip_no === undefined ? '' : String(cip.buddy_cip_no),
    custom_1: cip.custom_1 ?? '',
    custom_2: cip.custom_2 ?? '',
    custom_3: cip.custom_3 ?? '',
    custom_4: cip.custom_4 ?? '',
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The update's body, or the message of a buddy CIP number that is not a whole number. */
export function otherBody(cipNo: number, form: OtherForm): { body: Schema<'OtherUpdate'>; errors: Record<string, string> } {
  const buddy = form.buddy_cip_no.trim();
  const errors: Record<string, string> = {};
  if (buddy !== '' && !/^\d+$/.test(buddy)) errors.buddy_cip_no = 'Please enter a CIP Id (a whole number).';
  return {
    body: {
      cip_no: cipNo,
      consigned: form.consigned,
      vend_code: textOrNull(form.vend_code),
      buddy_cip_no: buddy === '' || errors.buddy_cip_no ? null : Number(buddy),
      custom_1: textOrNull(form.custom_1),
      custom_2: textOrNull(form.custom_2),
      custom_3: textOrNull(form.custom_3),
      custom_4: textOrNull(form.custom_4),
    },
    errors,
  };
}

/** The vendor the save switches to, when it switches to one (clearing the vendor or keeping it asks nothing). */
export function switchedVendor(before: string | null | undefined, after: string): string | null {
  const next = after.trim();
  return next !== '' && next.toUpperCase() !== (before ?? '').trim().toUpperCase() ? next : null;
}
