import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { userContextStore, type UserContext } from '../lib/userContext';
import { UserContextProvider } from './UserContextProvider';
import { ADMIN_SET_NOTICE, NO_PROOF_NOTICE, PasswordDialog, passwordFormErrors } from './PasswordDialog';
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE } from '../lib/passwordRule';

describe('change password form', () => {
  it('needs both fields, a rule-abiding password and a matching confirmation', () => {
    expect(passwordFormErrors({ password: '', confirm_password: '' }, { requireCurrent: false })).toEqual({
      password: 'Required',
      confirm_password: 'Required',
    });
    expect(passwordFormErrors({ password: 'short', confirm_password: 'short' }, { requireCurrent: false })).toEqual({
      password: PASSWORD_RULE_MESSAGE,
    });
    expect(passwordFormErrors({ password: 'Abcdefg1', confirm_password: 'Abcdefg2' }, { requireCurrent: false })).toEqual({
      confirm_password: PASSWORD_MISMATCH_MESSAGE,
    });
    expect(passwordFormErrors({ password: 'Abcdefg1', confirm_password: 'Abcdefg1' }, { requireCurrent: false })).toEqual({});
  });
  it('the self-service form also needs the current password', () => {
    expect(passwordFormErrors({ current_password: '', password: 'Abcdefg1', confirm_password: 'Abcdefg1' })).toEqual({
      current_password: 'Required',
    });
  });
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function expiredContext(extra: Record<string, unknown>): UserContext {
  return {
    currentUser: { asp_users_id: 7, user_id: 'clerk', fname: 'C', lname: 'Clerk', email: null, supplier_portal_user: false, customer_portal_user: false, fss_employee: false, first_time_user: false, password_expired: true },
    currentSite: null,
    availableSites: [],
    permissions: [],
    aspUserSettings: [],
    isPunchinUser: false,
    menuItems: [],
    aspShortcuts: [],
    appType: 0,
    ...extra,
  } as unknown as UserContext;
}

const QUESTIONS = [
  { question_id: 4, question: 'First pet?' },
  { question_id: 5, question: 'First school?' },
  { question_id: 6, question: 'Favourite film?' },
];

function renderDialog() {
  return render(
    <AdminContext dataProvider={testDataProvider()}>
      <UserContextProvider>
        <PasswordDialog />
      </UserContextProvider>
    </AdminContext>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the forced change of a password a user administrator set', () => {
  let fetchMock: Mock;
  beforeEach(() => {
    localStorage.setItem('asp.token', 'tok');
    fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/User/Password/Update/SelfService')) return json({ message: 'Password updated.', access_token: 't2', token_type: 'Bearer', expires_in: 900 });
      if (url.includes('/Site/UserContext')) return json(expiredContext({ currentUser: { asp_users_id: 7, user_id: 'clerk', fname: 'C', lname: 'Clerk', password_expired: false } }));
      return json({ message: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userContextStore.clear();
  });

  it("asks the owner's security questions and sends the answers with the new password", async () => {
    userContextStore.set(expiredContext({ passwordSetByAdministrator: true, passwordChangeQuestions: QUESTIONS }));
    renderDialog();
    expect(screen.getByTestId('password-admin-set-notice').textContent).toBe(ADMIN_SET_NOTICE);
    type('password-current_password', 'Known@byadmin1');
    type('password-password', 'Owner@chosen1');
    type('password-confirm_password', 'Owner@chosen1');
    const save = screen.getByTestId('password-submit') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    type('password-answer-1', 'Rex');
    type('password-answer-2', 'Springfield');
    expect(save.disabled).toBe(true);
    type('password-answer-3', 'Blue');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/SelfService'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/SelfService'))!;
    expect(JSON.parse(String(init.body))).toEqual({
      current_password: 'Known@byadmin1',
      password: 'Owner@chosen1',
      confirm_password: 'Owner@chosen1',
      security_answers: [
        { question_id: 4, answer: 'Rex' },
        { question_id: 5, answer: 'Springfield' },
        { question_id: 6, answer: 'Blue' },
      ],
    });
  });

  it('says that only a provider administrator can help when the owner has no security questions', () => {
    userContextStore.set(expiredContext({ passwordSetByAdministrator: true, passwordChangeQuestions: [] }));
    renderDialog();
    expect(screen.getByTestId('password-no-proof-notice').textContent).toBe(NO_PROOF_NOTICE);
    type('password-current_password', 'Known@byadmin1');
    type('password-password', 'Owner@chosen1');
    type('password-confirm_password', 'Owner@chosen1');
    expect((screen.getByTestId('password-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an ordinary expired password asks no questions', () => {
    userContextStore.set(expiredContext({ passwordSetByAdministrator: false, passwordChangeQuestions: [] }));
    renderDialog();
    expect(screen.queryByTestId('password-admin-set-notice')).toBeNull();
    expect(screen.queryByTestId('password-no-proof-notice')).toBeNull();
    expect(screen.queryByTestId('password-answer-1')).toBeNull();
  });
});
