import { describe, expect, it } from 'vitest';
import { GUARD_MESSAGES, conversionMessage, decideItemRoute, parseItemAddress, type GuardInput } from './guard';

const SITES = [
  { site_id: 1, siteCode: 'ACME-NORTH' },
  { site_id: 2, siteCode: 'ACME-SOUTH' },
];
const base: GuardInput = {
  address: { cidNo: 3, cipNo: 10 },
  cip: { cip_no: 10, cid_no: 3, site_id: 1, status_id: 1 },
  currentSiteId: 1,
  availableSites: SITES,
};

describe('item route guard', () => {
  it('reads the address as two positive whole numbers', () => {
    expect(parseItemAddress('3', '10')).toEqual({ cidNo: 3, cipNo: 10 });
    for (const [cid, cip] of [['0', '10'], ['x', '10'], ['3', ''], [undefined, '10'], ['3', '1.5'], ['3', '-2']]) {
      expect(parseItemAddress(cid, cip)).toBeNull();
    }
  });

  it('opens a CIP of the address CID at the current site', () => {
    expect(decideItemRoute(base)).toEqual({ kind: 'allow' });
  });

  it('refuses a malformed address with "Invalid route guard"', () => {
    expect(decideItemRoute({ ...base, address: null })).toEqual({ kind: 'refuse', message: GUARD_MESSAGES.invalid });
  });

  it('says the combination does not exist for a missing CIP or one of another CID', () => {
    const missing = { kind: 'refuse', message: 'The CID/CIP combination you are trying to find does not exist.' };
    expect(decideItemRoute({ ...base, cip: null })).toEqual(missing);
    expect(decideItemRoute({ ...base, cip: { ...base.cip!, cid_no: 4 } })).toEqual(missing);
    expect(decideItemRoute({ ...base, cip: { ...base.cip!, cid_no: null } })).toEqual(missing);
  });

  it('blocks an InConversionProcess CIP with its message, under its CID or not', () => {
    const converting = { ...base.cip!, status_id: 4, vc_req_no: 5123 };
    const blocked = { kind: 'refuse', message: 'This CIP can not be accessed until VC REQ # 5123 has been completed or rejected' };
    expect(decideItemRoute({ ...base, cip: converting })).toEqual(blocked);
    expect(decideItemRoute({ ...base, cip: { ...converting, cid_no: 99 } })).toEqual(blocked);
    expect(conversionMessage(null)).toBe('This CIP can not be accessed until its VC REQ has been completed or rejected');
  });

  it("prompts to change site for another of the user's sites, and treats other sites as missing", () => {
    const south = { ...base.cip!, site_id: 2 };
    expect(decideItemRoute({ ...base, cip: south })).toEqual({
      kind: 'changeSite',
      site: SITES[1],
      message: 'You are trying to access data from site ACME-SOUTH. Do you want to change your site?',
    });
    expect(decideItemRoute({ ...base, cip: { ...base.cip!, site_id: 9 } }).kind).toBe('refuse');
  });

  it("passes on the API's refusal of a Pending CIP", () => {
    const message = "Can't display CIP until Item Add Req is approved.";
    expect(decideItemRoute({ ...base, cip: null, failed: true, refusal: message })).toEqual({ kind: 'refuse', message });
  });

  it('says a failed lookup is an error fetching the item', () => {
    expect(decideItemRoute({ ...base, cip: null, failed: true })).toEqual({ kind: 'refuse', message: 'An error occurred fetching this item.' });
  });
});
