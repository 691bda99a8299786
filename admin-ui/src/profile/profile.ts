// The 'My Profile' screen of spec 1 (route /user/userSettings/): the user's own preferences, kept as user settings,
// and the rules of its security-questions form. Pure functions, unit-tested; the screen is ProfilePage.tsx.
import type { Schema } from '../shared/api';
import type { UserContext } from '../lib/userContext';
import { JUMPBOX_SETTINGS } from '../items/jumpbox/searchTypes';
import { checkField } from '../ui/validation';

export const PROFILE_ROUTE = '/user/userSettings';
export const PROFILE_TITLE = 'My Profile';

export type UserSetting = Schema<'UserSetting'>;
type SettingLike = Pick<UserSetting, 'setting_key' | 'setting_value'>;

/** The user-setting keys the screen changes (spec 1 section 3). */
export const PROFILE_SETTINGS = {
  saveSearchData: JUMPBOX_SETTINGS.saveSearchData,
  useSideNav: 'general.ui.useSideNav',
  showSecurityKeys: 'general.ui.showSecurityKeys',
} as const;

export type PreferenceKey = keyof typeof PROFILE_SETTINGS;

export interface Preference {
  key: PreferenceKey;
  setting: (typeof PROFILE_SETTINGS)[PreferenceKey];
  label: string;
  help: string;
  /** On when the setting is missing (the side bar); otherwise on only when the value is exactly 'true'. */
  onWhenMissing: boolean;
  /** Only meaningful for the provider's employees (fss_employee). */
  employeesOnly: boolean;
}

export const PREFERENCES: readonly Preference[] = [
  {
    key: 'saveSearchData',
    setting: PROFILE_SETTINGS.saveSearchData,
    label: 'Keep my last search text in the search box',
    help: 'The global search box starts with the text of your last search.',
    onWhenMissing: false,
    employeesOnly: false,
  },
  {
    key: 'useSideNav',
    setting: PROFILE_SETTINGS.useSideNav,
    label: 'Show the side shortcut bar',
    help: 'The shortcut bar at the side of the page (hidden on narrow screens).',
    onWhenMissing: true,
    employeesOnly: false,
  },
  {
    key: 'showSecurityKeys',
    setting: PROFILE_SETTINGS.showSecurityKeys,
    label: 'Show security keys on page banners',
    help: "A key icon on each page's banner lists the permissions the page needs.",
    onWhenMissing: false,
    employeesOnly: true,
  },
];

export const SAVED_MESSAGE = 'Preference saved.';
export const saveFailedMessage = (label: string, reason?: string | null) =>
  `Your preference '${label}' was not saved${reason ? `: ${reason}` : '.'}`;

/** A setting's value; null when the user has none (or its value is null). */
export function settingValue(settings: readonly (SettingLike | null | undefined)[] | null | undefined, key: string): string | null {
  return settings?.find((s) => s?.setting_key === key)?.setting_value ?? null;
}

/**
 * Whether a preference is on: saveSearchData and showSecurityKeys only when exactly 'true' (spec 1 section 2); the side
 * bar also when the setting is missing.
 */
export function preferenceOn(settings: readonly (SettingLike | null | undefined)[] | null | undefined, preference: Preference): boolean {
  const value = settingValue(settings, preference.setting);
  return value === 'true' || (value === null && preference.onWhenMissing);
}

/** The preferences the user sees: the security keys only for the provider's employees. */
export function visiblePreferences(context: Pick<UserContext, 'currentUser'> | null | undefined): Preference[] {
  const employee = Boolean(context?.currentUser?.fss_employee);
  return PREFERENCES.filter((p) => employee || !p.employeesOnly);
}

/** The side bar is on by default (setting missing or 'true'). */
export const sideNavOn = (context: Pick<UserContext, 'aspUserSettings'> | null | undefined) =>
  preferenceOn(context?.aspUserSettings, PREFERENCES[1]);

/** Security keys show only to employees whose setting is 'true'. */
export const showSecurityKeysOn = (context: Pick<UserContext, 'aspUserSettings' | 'currentUser'> | null | undefined) =>
  Boolean(context?.currentUser?.fss_employee) && preferenceOn(context?.aspUserSettings, PREFERENCES[2]);

/** The context with one saved setting replaced (or added), as the API answered it; the rest is kept as it is. */
export function withSetting(context: UserContext, saved: UserSetting): UserContext {
  const settings = context.aspUserSettings ?? [];
  const found = settings.some((s) => s.setting_key === saved.setting_key);
  return {
    ...context,
    aspUserSettings: found ? settings.map((s) => (s.setting_key === saved.setting_key ? saved : s)) : [...settings, saved],
  };
}

/** Who the user is, as the screen shows it. */
export interface Identity {
  name: string;
  userName: string;
  email: string;
  site: string;
}

export function identityOf(context: Pick<UserContext, 'currentUser' | 'currentSite'> | null | undefined): Identity {
  const user = context?.currentUser;
  const site = context?.currentSite;
  return {
    name: [user?.fname, user?.lname].filter(Boolean).join(' ') || user?.user_id || '',
    userName: user?.user_id ?? '',
    email: user?.email || 'None',
    site: site ? `${site.siteCode}${site.site_name && site.site_name !== site.siteCode ? ` - ${site.site_name}` : ''}` : 'None',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Security questions (spec 1 sections 4 and 5)
// ---------------------------------------------------------------------------------------------------------------

export type SecurityQuestion = Schema<'SecurityQuestion'>;
export type SecurityAnswers = Schema<'SecurityAnswers'>;
export type QuestionNo = 1 | 2 | 3;
export const QUESTION_NUMBERS: readonly QuestionNo[] = [1, 2, 3];

/** 'Please select a question': no question chosen. */
export const NO_QUESTION = -1;
export const SELECT_QUESTION = 'Please select a question';
export const MAX_ANSWER_LENGTH = 200;

export interface SecurityForm {
  questions: [number, number, number];
  answers: [string, string, string];
}

export const EMPTY_SECURITY_FORM: SecurityForm = { questions: [NO_QUESTION, NO_QUESTION, NO_QUESTION], answers: ['', '', ''] };

const chosen = (id: number) => id > 0;

/**
 * The choices of question n: the catalogue without the questions chosen before it (Question 2 excludes Question 1's
 * choice, Question 3 both).
 */
export function questionChoices(all: readonly SecurityQuestion[], form: SecurityForm, n: QuestionNo): SecurityQuestion[] {
  const earlier = form.questions.slice(0, n - 1).filter(chosen);
  return all.filter((q) => !earlier.includes(q.question_id));
}

/**
 * Question 2 is disabled until Question 1 is chosen, then Question 1 is locked; Question 3 is enabled once Question 2 is
 * chosen, which then locks Question 2.
 */
export function questionDisabled(form: SecurityForm, n: QuestionNo): boolean {
  const [q1, q2] = form.questions;
  if (n === 1) return chosen(q1);
  if (n === 2) return !chosen(q1) || chosen(q2);
  return !chosen(q2);
}

export type SecurityField = `Question${QuestionNo}` | `Answer${QuestionNo}`;
export type SecurityErrors = Partial<Record<SecurityField, string>>;

/** All six fields are required, three different questions, answers of at most 200 characters (as the API checks). */
export function securityFormErrors(form: SecurityForm): SecurityErrors {
  const errors: SecurityErrors = {};
  QUESTION_NUMBERS.forEach((n) => {
    const question = form.questions[n - 1];
    if (!chosen(question) || form.questions.slice(0, n - 1).includes(question)) errors[`Question${n}`] = SELECT_QUESTION;
    // Named by the field's label ('Answer 2 is required'), not its key.
    const problem = checkField({ label: `Answer ${n}`, required: true, maxLength: MAX_ANSWER_LENGTH }, form.answers[n - 1]);
    if (problem) errors[`Answer${n}`] = problem;
  });
  return errors;
}

/** The body of POST /V1/User/SecurityQuestions/Insert. */
export function securityAnswersBody(form: SecurityForm, userName: string | null | undefined): SecurityAnswers {
  return {
    Question1: form.questions[0],
    Question2: form.questions[1],
    Question3: form.questions[2],
    Answer1: form.answers[0].trim(),
    Answer2: form.answers[1].trim(),
    Answer3: form.answers[2].trim(),
    user_name: userName ?? null,
  };
}
