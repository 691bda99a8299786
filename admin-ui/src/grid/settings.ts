// Reading and writing a grid's configuration in the user's settings (docs/api-shell.md).
import { callApi } from '../shared/api';
import { gridSettingItems, readGridSettings, settingKeys } from './columns';
import type { GridConfig, GridSettings } from './types';

export const SETTING_SAVED = 'User setting saved!';
export const SETTING_CLEARED = 'User setting cleared!';

export async function loadGridSettings(base: string): Promise<GridSettings> {
  try {
    const all = await callApi('get', '/V1/Presentation/UserSettings', { quiet: true });
    return readGridSettings(base, Array.isArray(all) ? all : []);
  } catch {
    // Without settings the grid still works with the screen's defaults.
    return readGridSettings(base, []);
  }
}

export async function saveGridSettings(base: string, values: GridConfig): Promise<void> {
  await callApi('post', '/V1/Presentation/UpdateUserSettings', { body: gridSettingItems(base, values) });
}

/** Deletes each key; a key that was never stored (404) is fine. */
export async function clearGridSettings(base: string): Promise<void> {
  const keys = Object.values(settingKeys(base));
  await Promise.all(
    keys.map((key) =>
      callApi('delete', '/V1/Presentation/UserSetting', { query: { key }, quiet: true }).catch((error: unknown) => {
        if ((error as { status?: number } | null)?.status !== 404) throw error;
      }),
    ),
  );
}
