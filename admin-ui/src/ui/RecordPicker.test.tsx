import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EmployeePicker, RecordPicker } from './RecordPicker';
import { nameWithCode, trackingCodeKind, uomKind } from './recordKinds';
import { renderInApp, stubFetch } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('nameWithCode', () => {
  it("reads 'Name (CODE)'", () => {
    expect(nameWithCode('Midwest Industrial Supply', '10452')).toBe('Midwest Industrial Supply (10452)');
    expect(nameWithCode(null, 'EA')).toBe('EA');
    expect(nameWithCode('Each', null)).toBe('Each');
    expect(nameWithCode('EA', 'EA')).toBe('EA');
  });
});

describe('RecordPicker', () => {
  it('shows an employee id given alone by name and number, never the id', async () => {
    stubFetch((path) => (path === '/api/V1/Employee/3' ? { employeeID: 3, employeeNumber: 'E-1003', firstName: 'Jo', lastName: 'Miller', isActive: true } : []));
    renderInApp(<EmployeePicker value={3} onChange={() => {}} testId="track1" label="Default employee" />);
    await waitFor(() => expect((screen.getByTestId('track1') as HTMLInputElement).value).toBe('Jo Miller (E-1003)'));
  });

  it('searches the tracking codes of its level and answers the picked id', async () => {
    const fetchMock = stubFetch((path) =>
      path === '/api/V1/TrackingCode/QuickSearch' ? [{ trackingCodeId: 41, trackingLevelID: 1, trackingNumber: 'DEPT-7', description: 'Maintenance', isSuspended: false, isDefault: false }] : [],
    );
    const onChange = vi.fn();
    renderInApp(<RecordPicker kind={trackingCodeKind(1, 'Default Track 1')} value={null} onChange={onChange} testId="t1" />);
    const input = screen.getByTestId('t1');
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'DEPT' } });
    const bodies = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/QuickSearch')).map(([, init]) => JSON.parse(String(init?.body)));
    await waitFor(() => expect(bodies()).toContainEqual({ trackingLevelID: 1, text: 'DEPT' }));
    fireEvent.click(await screen.findByTestId('t1-option-41'));
    expect(onChange).toHaveBeenCalledWith(41, expect.objectContaining({ trackingNumber: 'DEPT-7' }));
    expect(screen.getByLabelText('Default Track 1')).toBeTruthy();
  });

  it('finds units of measure by code and by description, once each', async () => {
    stubFetch((path) =>
      path === '/api/V1/Type/Pack/E'
        ? [{ valueID: 1, code: 'EA', description: 'Each', isActive: true }]
        : [
            { valueID: 1, code: 'EA', description: 'Each', isActive: true },
            { valueID: 2, code: 'PR', description: 'Pair (2 each)', isActive: true },
          ],
    );
    const found = await uomKind.search('E', new AbortController().signal);
    expect(found.map(uomKind.labelOf)).toEqual(['Each (EA)', 'Pair (2 each) (PR)']);
    expect(await uomKind.search('', new AbortController().signal)).toEqual([]);
  });
});
