// The calls behind the global search box: the spec's quick searches (each at the current site) and the free-text
// search. A quick search answers a list; an empty list is 'Item not found.'.
import { callApi, type Schema } from '../../shared/api';
import { FREE_TEXT_LIMIT, type PickRow, type SearchTypeKey } from './searchTypes';

type ExactType = Exclude<SearchTypeKey, 'freeText'>;

/** The quick search of a type for an already checked value at the site. */
export async function quickSearch(type: ExactType, value: string, siteCode: string, signal?: AbortSignal): Promise<PickRow[]> {
  const options = { signal };
  switch (type) {
    case 'cipId':
      return callApi('get', '/V1/Item/CIP/QuickSearch/CIPNo/{cip_no}/{site_code}', { ...options, path: { cip_no: value, site_code: siteCode } });
    case 'cipNumber':
      return callApi('get', '/V1/Item/CIP/QuickSearch/CIPCode/{cip_code}/{site_code}', { ...options, path: { cip_code: value, site_code: siteCode } });
    case 'customerPart':
      return callApi('post', '/V1/Item/CIP/QuickSearch/CustItemCode', { ...options, body: { code: value, site_code: siteCode } });
    case 'erpItemCode':
      return callApi('get', '/V1/Item/CIP/QuickSearch/ERPItemCode/{erp_item_code}/{site_code}', {
        ...options,
        path: { erp_item_code: value, site_code: siteCode },
      });
  }
}

/** Search-as-you-type: the current site's best matches; a failure is quiet (the list just stays empty). */
export async function freeTextSearch(text: string, signal?: AbortSignal, limit = FREE_TEXT_LIMIT): Promise<FreeTextHit[]> {
  const answer = await callApi('get', '/V1/ItemSearch/FreeText', { query: { text, limit }, signal, quiet: true });
  return answer.items;
}

export type FreeTextHit = Schema<'FreeTextHit'>;

const SETTING_OPTIONS = { quiet: true } as const;

/** Saves one of the box's user settings silently (UpdateUserSetting); a failure only costs the remembered value. */
export function saveJumpBoxSetting(key: string, value: string): Promise<unknown> {
  return callApi('post', '/V1/Presentation/UpdateUserSetting', { ...SETTING_OPTIONS, body: { setting_key: key, setting_value: value } }).catch(
    () => undefined,
  );
}
