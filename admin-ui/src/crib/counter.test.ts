import { describe, expect, it } from 'vitest';
import { addScan, defaultTrackingTexts, drawBody, toPost, validQty, type CounterItem, type CounterLine } from './counter';

const item = (cip_no: number, cip_code = `C${cip_no}`): CounterItem => ({ cip_no, cip_code, qty_on_hand: 10 });

describe('crib counter lines', () => {
  it('adds a line per new item and quantity for a repeated scan', () => {
    let lines: CounterLine[] = [];
    lines = addScan(lines, item(1), 1);
    lines = addScan(lines, item(2), 2);
    lines = addScan(lines, item(1), 3);
    expect(lines.map((l) => [l.item.cip_no, l.qty])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('starts a new line when the earlier line of the item was already posted', () => {
    const posted: CounterLine[] = [{ key: 1, item: item(1), qty: 1, state: 'posted' }];
    const lines = addScan(posted, item(1), 2);
    expect(lines).toHaveLength(2);
    expect(toPost(lines).map((l) => l.key)).toEqual([2]);
  });

  it('sends an unchanged default tracking code by id and a typed one as text', () => {
    const defaults = [
      { level: 1, tracking_code_id: 11, tracking_number: 'DEPT-100' },
      { level: 2, tracking_code_id: 22, tracking_number: 'WO-7' },
    ];
    const texts = defaultTrackingTexts(defaults);
    expect(texts).toEqual(['DEPT-100', 'WO-7', '', '']);
    texts[1] = 'WO-8';
    const body = drawBody({ key: 1, item: item(5), qty: 3, state: 'pending' }, 'E100', '', texts, defaults);
    expect(body).toEqual({ cip_no: 5, qty: 3, employee: 'E100', pin: null, track1_id: 11, track2: 'WO-8' });
  });

  it('refuses quantities that are not positive', () => {
    expect([validQty(1), validQty(0), validQty(-2), validQty(Number.NaN), validQty(0.5)]).toEqual([true, false, false, false, true]);
  });
});
