import { describe, expect, it } from 'vitest';
import type { UserContext } from '../lib/userContext';
import {
  EMPTY_SECURITY_FORM,
  PREFERENCES,
  identityOf,
  preferenceOn,
  questionChoices,
  questionDisabled,
  securityFormErrors,
  showSecurityKeysOn,
  sideNavOn,
  visiblePreferences,
  withSetting,
  type SecurityForm,
} from './profile';

const pref = (key: string) => PREFERENCES.find((p) => p.key === key)!;
const s = (setting_key: string, setting_value: string | null) => ({ setting_key, setting_value });

describe('preferences', () => {
  it("keeps the search text only when saveSearchData is exactly 'true'", () => {
    expect(preferenceOn([s('navigation.jumpbox.saveSearchData', 'true')], pref('saveSearchData'))).toBe(true);
    for (const value of ['True', 'TRUE', '1', 'false', '', null]) {
      expect(preferenceOn([s('navigation.jumpbox.saveSearchData', value)], pref('saveSearchData'))).toBe(false);
    }
    expect(preferenceOn([], pref('saveSearchData'))).toBe(false);
  });

  it("shows the side bar when its setting is missing or 'true'", () => {
    expect(sideNavOn({ aspUserSettings: [] })).toBe(true);
    expect(sideNavOn({ aspUserSettings: [{ setting_id: 1, asp_users_id: 1, setting_key: 'general.ui.useSideNav', setting_value: 'true' }] })).toBe(true);
    expect(sideNavOn({ aspUserSettings: [{ setting_id: 1, asp_users_id: 1, setting_key: 'general.ui.useSideNav', setting_value: 'false' }] })).toBe(false);
  });

  it('security keys are for provider employees only', () => {
    const settings = [{ setting_id: 1, asp_users_id: 1, setting_key: 'general.ui.showSecurityKeys', setting_value: 'true' }];
    const user = (fss_employee: boolean) => ({ fss_employee }) as UserContext['currentUser'];
    expect(showSecurityKeysOn({ aspUserSettings: settings, currentUser: user(true) })).toBe(true);
    expect(showSecurityKeysOn({ aspUserSettings: settings, currentUser: user(false) })).toBe(false);
    expect(visiblePreferences({ currentUser: user(false) }).map((p) => p.key)).toEqual(['saveSearchData', 'useSideNav']);
    expect(visiblePreferences({ currentUser: user(true) }).map((p) => p.key)).toEqual(['saveSearchData', 'useSideNav', 'showSecurityKeys']);
  });

  it('replaces a saved setting in the context, or adds it', () => {
    const context = { aspUserSettings: [{ setting_id: 1, asp_users_id: 7, setting_key: 'a', setting_value: 'x' }] } as UserContext;
    const replaced = withSetting(context, { setting_id: 1, asp_users_id: 7, setting_key: 'a', setting_value: 'y' });
    expect(replaced.aspUserSettings).toEqual([{ setting_id: 1, asp_users_id: 7, setting_key: 'a', setting_value: 'y' }]);
    const added = withSetting(context, { setting_id: 2, asp_users_id: 7, setting_key: 'b', setting_value: 'true' });
    expect(added.aspUserSettings.map((x) => x.setting_key)).toEqual(['a', 'b']);
    expect(context.aspUserSettings).toHaveLength(1);
  });

  it('describes the user, without an e-mail or a site as None', () => {
    expect(identityOf({ currentUser: { user_id: 'x', fname: '', lname: '' } as UserContext['currentUser'], currentSite: null })).toEqual({
      name: 'x',
      userName: 'x',
      email: 'None',
      site: 'None',
    });
  });
});

describe('security questions', () => {
  const all = [1, 2, 3, 4].map((question_id) => ({ question_id, question: `Q${question_id}` }));
  const form = (questions: SecurityForm['questions'], answers: SecurityForm['answers'] = ['a', 'b', 'c']): SecurityForm => ({ questions, answers });

  it('enables each question after the one before it and locks the earlier one', () => {
    expect([1, 2, 3].map((n) => questionDisabled(EMPTY_SECURITY_FORM, n as 1 | 2 | 3))).toEqual([false, true, true]);
    expect([1, 2, 3].map((n) => questionDisabled(form([2, -1, -1]), n as 1 | 2 | 3))).toEqual([true, false, true]);
    expect([1, 2, 3].map((n) => questionDisabled(form([2, 3, -1]), n as 1 | 2 | 3))).toEqual([true, true, false]);
  });

  it('leaves the earlier choices out of the later questions', () => {
    expect(questionChoices(all, form([2, 3, -1]), 1).map((q) => q.question_id)).toEqual([1, 2, 3, 4]);
    expect(questionChoices(all, form([2, 3, -1]), 2).map((q) => q.question_id)).toEqual([1, 3, 4]);
    expect(questionChoices(all, form([2, 3, -1]), 3).map((q) => q.question_id)).toEqual([1, 4]);
  });

  it('requires all six fields', () => {
    expect(securityFormErrors(form([1, 2, 3]))).toEqual({});
    expect(Object.keys(securityFormErrors(EMPTY_SECURITY_FORM)).sort()).toEqual(['Answer1', 'Answer2', 'Answer3', 'Question1', 'Question2', 'Question3']);
    expect(securityFormErrors(form([1, 2, 3], ['a', '  ', 'c']))).toEqual({ Answer2: 'Answer 2 is required' });
    expect(securityFormErrors(form([1, 2, 3], ['a', 'b', 'c'.repeat(201)]))).toEqual({ Answer3: 'Answer 3 can be at most 200 characters' });
    expect(Object.keys(securityFormErrors(form([1, 1, 3])))).toEqual(['Question2']);
  });
});
