// The route guard of the item page `/item/{cid_no}/{cip_no}` (spec 1 sections 5 and 8): what the looked-up CIP
// means for the address. Pure, unit-tested; ItemGuard.tsx acts on the decision.
import { STATUS_IN_CONVERSION } from '../common';

export const GUARD_MESSAGES = {
  invalid: 'Invalid route guard',
  combination: 'The CID/CIP combination you are trying to find does not exist.',
  error: 'An error occurred fetching this item.',
  changeSite: (code: string) => `You are trying to access data from site ${code}. Do you want to change your site?`,
  siteChanged: (code: string) => `Your site has been changed to ${code}`,
} as const;

/** 'This CIP can not be accessed until VC REQ # {n} has been completed or rejected'. */
export function conversionMessage(vcReqNo: number | string | null | undefined): string {
  const n = vcReqNo === null || vcReqNo === undefined || vcReqNo === '' ? null : String(vcReqNo);
  // Without the requisition's number (the requisition area is not built yet) the sentence still says why.
  return n
    ? `This CIP can not be accessed until VC REQ # ${n} has been completed or rejected`
    : 'This CIP can not be accessed until its VC REQ has been completed or rejected';
}

export interface ItemAddress {
  cidNo: number;
  cipNo: number;
}

/** The address's numbers; null when either is missing or not a positive whole number. */
export function parseItemAddress(cidNo: string | undefined, cipNo: string | undefined): ItemAddress | null {
  const whole = (text: string | undefined) => (text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);
  const cid = whole(cidNo);
  const cip = whole(cipNo);
  return cid !== null && cip !== null ? { cidNo: cid, cipNo: cip } : null;
}

/** What the guard reads of the CIP. */
export interface GuardedCip {
  cip_no: number;
  cid_no?: number | null;
  site_id: number;
  status_id: number;
  /** The open VMI-conversion requisition of an InConversionProcess CIP, when the answer carries it. */
  vc_req_no?: number | null;
}

export interface GuardSite {
  site_id: number;
  siteCode: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'changeSite'; site: GuardSite; message: string }
  /** The user is told why and goes back to the item search. */
  | { kind: 'refuse'; message: string };

export interface GuardInput {
  address: ItemAddress | null;
  /** The CIP of the address's cip_no; null when the API answered 404 (missing, or not the caller's to see). */
  cip: GuardedCip | null;
  /** The lookup failed for another reason than 404. */
  failed?: boolean;
  /** The API refused to show the CIP and said why (409: a Pending CIP, 'Can't display CIP until ...'). */
  refusal?: string | null;
  currentSiteId: number | null | undefined;
  availableSites: readonly GuardSite[] | null | undefined;
}

/**
 * - a missing or malformed cip_no or cid_no: 'Invalid route guard';
 * - the API refused to show the CIP (a Pending one): its message;
 * - the lookup failed: 'An error occurred fetching this item.';
 * - an InConversionProcess (4) CIP is blocked with its conversion message, wherever it is;
 * - a CIP that does not exist or is not of the address's CID: 'The CID/CIP combination ... does not exist.';
 * - a CIP of another of the user's sites: the change-site prompt; of a site the user may not use: as missing;
 * - otherwise the page opens.
 */
export function decideItemRoute({ address, cip, failed, refusal, currentSiteId, availableSites }: GuardInput): GuardDecision {
  if (!address) return { kind: 'refuse', message: GUARD_MESSAGES.invalid };
  if (refusal) return { kind: 'refuse', message: refusal };
  if (failed) return { kind: 'refuse', message: GUARD_MESSAGES.error };
  if (!cip || cip.cip_no !== address.cipNo) return { kind: 'refuse', message: GUARD_MESSAGES.combination };
  if (cip.status_id === STATUS_IN_CONVERSION) return { kind: 'refuse', message: conversionMessage(cip.vc_req_no) };
  if ((cip.cid_no ?? null) !== address.cidNo) return { kind: 'refuse', message: GUARD_MESSAGES.combination };
  if (currentSiteId !== cip.site_id) {
    const site = (availableSites ?? []).find((s) => s.site_id === cip.site_id);
    if (!site) return { kind: 'refuse', message: GUARD_MESSAGES.combination };
    return { kind: 'changeSite', site, message: GUARD_MESSAGES.changeSite(site.siteCode) };
  }
  return { kind: 'allow' };
}
