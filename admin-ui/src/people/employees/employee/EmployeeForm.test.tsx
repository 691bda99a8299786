import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Employee } from '../employees';
import type { TrackingLevel } from '../../../trackingCodes/trackingCodes';
import { EmployeeForm, trackPickers } from './EmployeeForm';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const level = (trackingLevelID: number, description: string, isActive = true) => ({ trackingLevelID, description, isActive }) as TrackingLevel;
const LEVELS = [level(1, 'Cost Centre'), level(2, 'Job'), level(3, 'Machine', false), level(4, 'Level 4', false)];

const EMPLOYEE = {
  employeeID: 9,
  employeeNumber: 'E1002',
  lastName: 'Chen',
  firstName: 'David',
  site_id: 1,
  siteCode: 'ACME-NORTH',
  isActive: true,
  hasPin: false,
  supervisor: false,
  isSuspended: false,
  canReturn: true,
  track1: null,
  track2: null,
  track3: null,
  track4: null,
} as unknown as Employee;

const CODES = [
  { trackingCodeId: 3, trackingLevelID: 1, trackingNumber: 'CC-300', description: 'Maintenance', isSuspended: false, isDefault: false },
  { trackingCodeId: 4, trackingLevelID: 1, trackingNumber: 'CC-400', description: 'Assembly', isSuspended: false, isDefault: false },
];

const sent = (fetchMock: Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === method).map(([, init]) => JSON.parse(String(init.body)));

describe('EmployeeForm', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/V1/TrackingCode/QuickSearch')) {
        const { trackingLevelID } = JSON.parse(String(init?.body));
        return json(CODES.filter((c) => c.trackingLevelID === trackingLevelID));
      }
      if (url.endsWith('/V1/Employee') && init?.method === 'PUT') return json({ success: true, message: 'Saved.', employee: { ...EMPLOYEE, ...JSON.parse(String(init.body)) } });
      return json({ status: 404, message: 'not here', errors: [] }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers a picker per active tracking level, named by the level, instead of an id field', () => {
    render(<EmployeeForm employee={EMPLOYEE} levels={LEVELS} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByLabelText('Default Cost Centre')).toBeTruthy();
    expect(screen.getByLabelText('Default Job')).toBeTruthy();
    expect(screen.queryByLabelText(/Machine/)).toBeNull();
    expect(screen.queryByLabelText(/\(id\)/)).toBeNull();
  });

  it('sends the picked tracking code as a number (the API refused "3" as text)', async () => {
    const onSaved = vi.fn();
    render(<EmployeeForm employee={EMPLOYEE} levels={LEVELS} onSaved={onSaved} onCancel={vi.fn()} />);
    const picker = screen.getByTestId('employee-track1') as HTMLInputElement;
    fireEvent.focus(picker);
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'CC' } });
    const option = await screen.findByTestId('employee-track1-option-3');
    expect(option.textContent).toBe('Maintenance (CC-300)');
    fireEvent.click(option);
    expect(picker.value).toBe('Maintenance (CC-300)');
    fireEvent.click(screen.getByTestId('employee-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = sent(fetchMock, 'PUT', '/V1/Employee');
    expect(body.track1).toBe(3);
    expect(body.track2).toBeNull();
  });

  it('checks the form before sending and says every problem by its label', async () => {
    render(<EmployeeForm employee={EMPLOYEE} levels={LEVELS} onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByTestId('employee-lastName'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('employee-email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByTestId('employee-laborCost'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('employee-save'));
    expect(await screen.findByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email must be an e-mail address')).toBeTruthy();
    expect(screen.getByText('Labor cost must be at least 0')).toBeTruthy();
    expect(sent(fetchMock, 'PUT', '/V1/Employee')).toHaveLength(0);
  });

  it("shows the server's refusal of a field by the field's label, not its key", async () => {
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.endsWith('/V1/Employee') && init?.method === 'PUT'
        ? json(
            {
              status: 400,
              message: 'Validation failed',
              errors: [
                { field: 'track1', errorType: 'invalid', error: 'track1 must be a code of this level.' },
                { field: 'suspensionReasonID', errorType: 'outOfRange', error: 'suspensionReasonID is out of range.' },
              ],
            },
            400,
          )
        : answer!(url, init),
    );
    render(<EmployeeForm employee={{ ...EMPLOYEE, track1: 77 }} levels={LEVELS} onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByTestId('employee-save'));
    // At the picker, by the level's name; a field the form does not show: above the form, by its label.
    expect(await screen.findByText('Default Cost Centre must be a code of this level.')).toBeTruthy();
    const alert = await screen.findByTestId('employee-form-error');
    expect(alert.textContent).toBe('Suspension reason is out of range.');
    expect(document.body.textContent).not.toMatch(/\btrack1\b|suspensionReasonID/);
  });

  it('keeps a default at a level switched off visible, so it can be seen and cleared', () => {
    expect(trackPickers(LEVELS, { track3: 12 }).map((p) => p.label)).toEqual(['Default Cost Centre', 'Default Job', 'Default Machine']);
    expect(trackPickers(undefined, {}).map((p) => p.field)).toEqual(['track1', 'track2', 'track3', 'track4']);
  });
});
