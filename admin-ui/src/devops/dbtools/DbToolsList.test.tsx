import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userContextStore, type UserContext } from '../../lib/userContext';
import { renderInApp, signInWith, stubFetch } from '../../ui/testing';
import { DbToolsList } from './DbToolsList';
import { DEFAULTS_SETTING_KEY, savedDbDefaults } from './dbtools';

function withSettings(settings: Record<string, string>) {
  signInWith(['FSSConnectAdmin']);
  const context = userContextStore.getState().context as UserContext;
  userContextStore.set({
    ...context,
    aspUserSettings: Object.entries(settings).map(([setting_key, setting_value], i) => ({ setting_id: i + 1, asp_users_id: 7, setting_key, setting_value })),
  });
}

const asked = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

describe('Database Tools', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    userContextStore.clear();
    sessionStorage.clear();
  });

  it('does not ask the API for the saved defaults (it answered 404 for a user without them)', async () => {
    withSettings({});
    const fetchMock = stubFetch(() => []);
    renderInApp(<DbToolsList />, '/devops/dbtools');
    await screen.findByTestId('dbtools-environment');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked(fetchMock).filter((p) => p.endsWith('/Presentation/UserSetting'))).toEqual([]);
  });

  it('starts from the defaults saved in the user settings', async () => {
    withSettings({ [DEFAULTS_SETTING_KEY]: JSON.stringify({ environment_name: 'QA', object_name: 'fn_stock', network_name: '' }) });
    stubFetch(() => []);
    renderInApp(<DbToolsList />, '/devops/dbtools');
    await waitFor(() => expect((screen.getByTestId('dbtools-object-name') as HTMLInputElement).value).toBe('fn_stock'));
  });

  it('reads no defaults from a missing or broken setting', () => {
    expect(savedDbDefaults(undefined)).toEqual({});
    expect(savedDbDefaults([{ setting_key: DEFAULTS_SETTING_KEY, setting_value: '{oops' }])).toEqual({});
    expect(savedDbDefaults([{ setting_key: DEFAULTS_SETTING_KEY, setting_value: '{"environment_name":"QA"}' }])).toEqual({ environment_name: 'QA', object_name: null, network_name: undefined });
  });
});
