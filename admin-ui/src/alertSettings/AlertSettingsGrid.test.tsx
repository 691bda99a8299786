import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonAnswer, renderInApp, signInWith, stubFetch } from '../ui/testing';
import { AlertSettingsGrid } from './AlertSettingsGrid';
import type { AlertSetting } from './settings';

afterEach(() => vi.unstubAllGlobals());

const row = (typeId: number, name: string, over: Partial<AlertSetting> = {}): AlertSetting => ({
  asp_users_id: 7,
  user_id: 'buyer',
  site_id: 1,
  site_code: 'ACME-NORTH',
  asp_user_notification_setting_id: null,
  asp_notification_type_id: typeId,
  notification_type: name,
  notification_name: name,
  notification_description: '',
  notification_category_id: typeId === 1 ? 2 : 1,
  notification_category: typeId === 1 ? 'Purchasing' : 'Requisitions',
  is_internal: false,
  security_permission_id: null,
  enable_inbox: true,
  enable_email: false,
  enable_text: false,
  enable_toastr: true,
  is_active: true,
  filter_tracking_codes: false,
  filter_req_priority: null,
  req_urgent_only: false,
  track_count: 0,
  ...over,
});

const ROWS = [row(1, 'PO approved'), row(3, 'Requisition needs approval')];

describe('AlertSettingsGrid', () => {
  it('shows the types by category, the priority filters on requisition types only, and saves just the change', async () => {
    signInWith(['BasicAccess']);
    const fetchMock = stubFetch((path, init) => {
      if (path === '/api/V1/Alerts/7/1') return ROWS;
      if (path === '/api/V1/Alerts' && init?.method === 'PUT') return [ROWS[0], { ...ROWS[1], enable_email: true }];
      return null;
    });
    renderInApp(<AlertSettingsGrid userId={7} siteId={1} siteCode="ACME-NORTH" own />);
    await screen.findByText('Purchasing');
    expect(screen.getByText('Requisitions')).toBeTruthy();
    expect(screen.queryByTestId('alert-1-priority')).toBeNull();
    expect(screen.getByTestId('alert-3-priority')).toBeTruthy();

    fireEvent.click(screen.getByTestId('alert-3-enable_email'));
    expect(screen.getByTestId('alert-settings-status').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByTestId('alert-settings-save'));
    await waitFor(() => expect(screen.getByTestId('alert-settings-status').textContent).toBe('Saved'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ asp_users_id: 7, site_id: 1, settings: [{ asp_notification_type_id: 3, enable_email: true }] });
    expect((screen.getByTestId('alert-3-enable_email') as HTMLInputElement).checked).toBe(true);
  });

  it('clears a saved priority with "Any priority" and tells the page when Text is ticked', async () => {
    signInWith(['BasicAccess']);
    const saved = [ROWS[0], { ...ROWS[1], filter_req_priority: 4 }];
    const fetchMock = stubFetch((path, init) => {
      if (path === '/api/V1/Alerts/7/1') return saved;
      if (path === '/api/V1/Alerts' && init?.method === 'PUT') return [ROWS[0], { ...ROWS[1], enable_text: true }];
      return null;
    });
    const textWanted = vi.fn();
    renderInApp(<AlertSettingsGrid userId={7} siteId={1} own onTextWanted={textWanted} />);
    await screen.findByText('Purchasing');
    expect(screen.getByTestId('alert-3-priority').textContent).toBe('4 or more urgent');
    expect(textWanted).toHaveBeenLastCalledWith(false);

    fireEvent.mouseDown(screen.getByTestId('alert-3-priority'));
    fireEvent.click(await screen.findByTestId('priority-option-none'));
    fireEvent.click(screen.getByTestId('alert-3-enable_text'));
    expect(textWanted).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByTestId('alert-settings-save'));
    await waitFor(() => expect(screen.getByTestId('alert-settings-status').textContent).toBe('Saved'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).settings).toEqual([{ asp_notification_type_id: 3, enable_text: true, filter_req_priority: 0 }]);
    expect(screen.getByTestId('alert-3-priority').textContent).toBe('Any priority');
    expect(screen.queryByTestId('alert-settings-error')).toBeNull();
  });

  it("says a refusal of the save with the type's name instead of the field's key", async () => {
    signInWith(['BasicAccess']);
    stubFetch((path, init) => {
      if (path === '/api/V1/Alerts/7/1') return ROWS;
      if (init?.method === 'PUT')
        return jsonAnswer(
          { errors: [{ field: 'settings[0].filter_req_priority', error: 'Requisition priority must be between 1 and 9.', errorType: 'outOfRange' }] },
          400,
        );
      return null;
    });
    renderInApp(<AlertSettingsGrid userId={7} siteId={1} own />);
    await screen.findByText('Purchasing');
    fireEvent.click(screen.getByTestId('alert-3-req_urgent_only'));
    fireEvent.click(screen.getByTestId('alert-settings-save'));
    const error = await screen.findByTestId('alert-settings-error');
    expect(error.textContent).toContain('Requisition needs approval: Requisition priority');
    expect(error.textContent).toContain('must be between 1 and 9');
    expect(screen.getByTestId('alert-settings-status').textContent).toBe('Unsaved changes');
  });

  it("says when another user's settings are out of the administrator's reach (404)", async () => {
    signInWith(['SuperUserAdmin']);
    stubFetch(() => jsonAnswer({ message: 'The alert settings you are trying to find do not exist.' }, 404));
    renderInApp(<AlertSettingsGrid userId={99} siteId={1} own={false} />);
    const message = await screen.findByTestId('alert-settings-unavailable');
    expect(message.textContent).toContain('not one of the users you administer');
  });
});
