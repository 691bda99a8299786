import { useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { callApi } from '../shared/api';
import { useUserContext } from './UserContextProvider';

const INCOGNITO_KEY = 'ASP7.incognito_mode';
const REREAD_MS = 4000;
const RELOAD_MS = 1000;

/** Provider employees can hide themselves (incognito); the button also shows to anyone whose mode is still on. */
export function IncognitoToggle() {
  const { context } = useUserContext();
  const [incognito, setIncognito] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const read = () =>
      callApi('get', '/V1/Presentation/IncognitoMode', { quiet: true })
        .then((answer) => !cancelled && setIncognito(Boolean(answer?.incognito)))
        .catch(() => undefined);
    read();
    // The server may settle the mode shortly after sign-in; the spec re-reads it once after 4 seconds.
    const timer = setTimeout(read, REREAD_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  if (!context?.currentUser?.fss_employee && !incognito) return null;

  const toggle = async () => {
    setSaving(true);
    try {
      await callApi('post', '/V1/Presentation/UpdateUserSetting', {
        body: { setting_key: INCOGNITO_KEY, setting_value: String(!incognito) },
      });
      setIncognito(!incognito);
      setTimeout(() => {
        if (window.location.hash.startsWith('#/unauthorized')) window.location.hash = '#/homeMain';
        window.location.reload();
      }, RELOAD_MS);
    } catch {
      setSaving(false);
    }
  };

  return (
    <Tooltip title={incognito ? 'Incognito mode is on' : 'Incognito mode is off'}>
      <span>
        <IconButton color="inherit" onClick={toggle} disabled={saving} data-testid="incognito-toggle" aria-pressed={incognito}>
          {incognito ? <VisibilityOffIcon /> : <VisibilityOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
