import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { userContextStore, type UserContext } from '../lib/userContext';
import { UserContextProvider } from '../shell/UserContextProvider';
import { on } from '../shared/events';
import { ProfilePage } from './ProfilePage';
import { profileRoutes } from './routes';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function context(settings: Record<string, string>, { employee = false } = {}): UserContext {
  return {
    currentUser: { asp_users_id: 7, user_id: 'buyer', fname: 'Bea', lname: 'Buyer', email: 'buyer@acme.example', supplier_portal_user: false, customer_portal_user: false, fss_employee: employee, first_time_user: false, password_expired: false },
    currentSite: { site_id: 1, siteCode: 'ACME-NORTH', site_name: 'North', erpTypeID: 7, client_id: 1, client_code: 'ACME', app_type: 0, show_ctb_usage: false, asp8_rfq: true, customer_portal_catalog: false },
    availableSites: [],
    permissions: [{ permission_name: 'BasicAccess', security_permission_id: 1 }],
    aspUserSettings: Object.entries(settings).map(([setting_key, setting_value], i) => ({ setting_id: i + 1, asp_users_id: 7, setting_key, setting_value })),
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
  } as unknown as UserContext;
}

const QUESTIONS = [
  { question_id: 1, question: 'First pet?' },
  { question_id: 2, question: 'Mother maiden name?' },
  { question_id: 3, question: 'First school?' },
  { question_id: 4, question: 'Favourite film?' },
];

function renderPage(path = '/user/userSettings') {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <UserContextProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {profileRoutes()}
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        </MemoryRouter>
      </UserContextProvider>
    </AdminContext>,
  );
}

const switchOf = (key: string) => screen.getByTestId(`profile-pref-${key}-switch`) as HTMLInputElement;
const settingOf = (key: string) => userContextStore.getState().context?.aspUserSettings.find((s) => s.setting_key === key)?.setting_value;
const posted = (fetchMock: Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST').map(([, init]) => JSON.parse(init.body));

describe('ProfilePage', () => {
  let fetchMock: Mock;
  let toasts: { message: string; type: string }[];
  let off: () => void;
  let refuseSettings: boolean;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    toasts = [];
    refuseSettings = false;
    off = on('notify', (t) => toasts.push(t));
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/UpdateUserSetting')) {
        if (refuseSettings) return json({ status: 500, message: 'boom', errors: [], requestId: 'r1' }, 500);
        return json({ setting_id: 99, asp_users_id: 7, ...JSON.parse(String(init?.body)) });
      }
      if (url.endsWith('/User/SecurityQuestions/Options')) return json(QUESTIONS);
      if (url.endsWith('/User/SecurityQuestions/Insert')) return json({ message: 'Security questions saved.' });
      return json({ message: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    off();
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it('shows who the user is, at the route typed with or without the trailing slash', async () => {
    userContextStore.set(context({}));
    renderPage('/user/userSettings/');
    expect(screen.getByTestId('page-title').textContent).toBe('My Profile');
    expect(screen.getByTestId('profile-name').textContent).toBe('Bea Buyer');
    expect(screen.getByTestId('profile-user-name').textContent).toBe('buyer');
    expect(screen.getByTestId('profile-email').textContent).toBe('buyer@acme.example');
    expect(screen.getByTestId('profile-site').textContent).toBe('ACME-NORTH - North');
    await screen.findByTestId('security-form');
  });

  it("switching on 'Keep my last search text' saves 'true' and puts the setting into the user context", async () => {
    userContextStore.set(context({ 'navigation.jumpbox.saveSearchData': 'false' }));
    renderPage();
    expect(switchOf('saveSearchData').checked).toBe(false);

    fireEvent.click(switchOf('saveSearchData'));

    await waitFor(() => expect(settingOf('navigation.jumpbox.saveSearchData')).toBe('true'));
    expect(posted(fetchMock, '/V1/Presentation/UpdateUserSetting')).toEqual([{ setting_key: 'navigation.jumpbox.saveSearchData', setting_value: 'true' }]);
    // The setting was replaced, not added twice.
    expect(userContextStore.getState().context?.aspUserSettings.filter((s) => s.setting_key === 'navigation.jumpbox.saveSearchData')).toHaveLength(1);
    expect(switchOf('saveSearchData').checked).toBe(true);
    expect(toasts).toContainEqual({ message: 'Preference saved.', type: 'success' });
  });

  it('the side bar is on while its setting is missing; switching it off saves false', async () => {
    userContextStore.set(context({}));
    renderPage();
    expect(switchOf('useSideNav').checked).toBe(true);
    fireEvent.click(switchOf('useSideNav'));
    await waitFor(() => expect(settingOf('general.ui.useSideNav')).toBe('false'));
    expect(posted(fetchMock, '/UpdateUserSetting')).toEqual([{ setting_key: 'general.ui.useSideNav', setting_value: 'false' }]);
  });

  it('a refused save leaves the context and the switch as they were and says so', async () => {
    refuseSettings = true;
    userContextStore.set(context({}));
    renderPage();
    fireEvent.click(switchOf('saveSearchData'));
    await screen.findByTestId('profile-pref-error');
    expect(screen.getByTestId('profile-pref-error').textContent).toContain("Your preference 'Keep my last search text in the search box' was not saved");
    expect(settingOf('navigation.jumpbox.saveSearchData')).toBeUndefined();
    expect(switchOf('saveSearchData').checked).toBe(false);
    expect(toasts.map((t) => t.type)).toEqual(['error']);
  });

  it('offers the security keys only to provider employees', () => {
    userContextStore.set(context({}));
    const { unmount } = renderPage();
    expect(screen.queryByTestId('profile-pref-showSecurityKeys')).toBeNull();
    unmount();
    userContextStore.set(context({ 'general.ui.showSecurityKeys': 'true' }, { employee: true }));
    renderPage();
    expect(switchOf('showSecurityKeys').checked).toBe(true);
  });

  it('security questions: saved once all six fields are filled', async () => {
    userContextStore.set(context({}));
    renderPage();
    const save = () => screen.getByTestId('security-save') as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('security-question-1').getAttribute('aria-disabled')).toBeNull());
    expect(screen.getByTestId('security-question-2').getAttribute('aria-disabled')).toBe('true');
    expect(save().disabled).toBe(true);

    for (const [n, id] of [[1, 2], [2, 4], [3, 1]] as const) {
      fireEvent.mouseDown(screen.getByTestId(`security-question-${n}`));
      fireEvent.click(await screen.findByTestId(`security-question-${n}-option-${id}`));
      fireEvent.change(screen.getByTestId(`security-answer-${n}`), { target: { value: ` answer ${n} ` } });
    }
    expect(screen.getByTestId('security-question-1').getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(toasts).toContainEqual({ message: 'Security questions saved.', type: 'success' }));
    expect(posted(fetchMock, '/User/SecurityQuestions/Insert')).toEqual([
      { Question1: 2, Question2: 4, Question3: 1, Answer1: 'answer 1', Answer2: 'answer 2', Answer3: 'answer 3', user_name: 'buyer' },
    ]);
  });

  it('ProfilePage renders nothing before the context is loaded', () => {
    const { container } = render(
      <AdminContext dataProvider={testDataProvider()}>
        <UserContextProvider>
          <ProfilePage />
        </UserContextProvider>
      </AdminContext>,
    );
    expect(container.querySelector('[data-testid="profile-page"]')).toBeNull();
  });
});
