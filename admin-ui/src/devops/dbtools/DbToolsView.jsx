import { useEffect, useState } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { api } from '../../shared/api';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageBanner, RouteLink, DEVOPS_TRAINING } from '../common';
import { DiffDialog } from './DiffDialog';
import {
  COPIED,
  DBTOOLS_PATH,
  FAILED_TO_LOAD,
  compareDatabaseName,
  compareTargets,
  environmentOfDatabase,
  historyRoute,
  notInEnvironment,
} from './dbtools';

export async function copyText(text) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall back below (no permission, insecure origin)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export function useEnvironments() {
  const [environments, setEnvironments] = useState([]);
  useEffect(() => {
    api
      .get(`${DBTOOLS_PATH}/Environments`, { quiet: true })
      .then((list) => setEnvironments(Array.isArray(list) ? list : []))
      .catch(() => undefined);
  }, []);
  return environments;
}

/** POST GetDiffCheckerText (always character level). */
export function fetchDiff(left, right) {
  return api.post(`${DBTOOLS_PATH}/GetDiffCheckerText`, { diff_level: 'character', left: left ?? '', right: right ?? '' });
}

export function DbToolsView() {
  const { schema_name, object_name, database_name, from_where, objectId } = useParams();
  const fromHistory = String(from_where) === '2';
  const environments = useEnvironments();
  const [source, setSource] = useState(null);
  const [diff, setDiff] = useState(null);
  const [comparing, setComparing] = useState(false);
  const environment = environmentOfDatabase(database_name);

  useEffect(() => {
    let live = true;
    setSource(null);
    const body = { schema_name, object_name, database_name, environment_name: environmentOfDatabase(database_name) };
    const call = fromHistory
      ? api.post(`${DBTOOLS_PATH}/GetHistorySource`, { ...body, objectAuditLog_ID: Number(objectId) }, { quiet: true })
      : api.post(`${DBTOOLS_PATH}/GetCurrentSource`, body, { quiet: true });
    call
      .then((answer) => live && setSource(answer?.object_source ?? ''))
      .catch(() => {
        if (!live) return;
        setSource('');
        notify(FAILED_TO_LOAD, 'error');
      });
    return () => {
      live = false;
    };
  }, [schema_name, object_name, database_name, fromHistory, objectId]);

  const compareTo = async (target) => {
    const targetDb = compareDatabaseName(database_name, target.value, environments);
    setComparing(true);
    try {
      let other;
      try {
        const answer = await api.post(
          `${DBTOOLS_PATH}/GetCurrentSource`,
          { schema_name, object_name, database_name: targetDb, environment_name: target.value },
          { quiet: true },
        );
        other = answer?.object_source;
      } catch (error) {
        if (error?.status && error.status !== 404) {
          notify(FAILED_TO_LOAD, 'error');
          return;
        }
        other = null;
      }
      if (!other) {
        notify(notInEnvironment(target.compare), 'error');
        return;
      }
      const answer = await fetchDiff(source, other);
      setDiff({
        ...answer,
        leftLabel: environment ? `${database_name} (${environment})` : database_name,
        rightLabel: `${targetDb} (${target.value})`,
      });
    } catch {
      // shown by the http client
    } finally {
      setComparing(false);
    }
  };

  const copy = async () => {
    await copyText(source || '');
    notify(COPIED, 'success');
  };

  return (
    <Box sx={{ p: 2 }} data-testid="dbtools-view">
      <PageBanner title="Database Tools View" category={DEVOPS_TRAINING} />
      <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="dbtools-view-object">
        {schema_name}.{object_name} ({database_name})
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <GuardedButton variant="outlined" onClick={copy} disabled={source === null} data-testid="dbtools-copy">
          Copy Text
        </GuardedButton>
        <Typography sx={{ ml: 2 }}>Compare To</Typography>
        {compareTargets(database_name).map((target) => (
          <GuardedButton
            key={target.value}
            variant="outlined"
            onClick={() => compareTo(target)}
            disabled={source === null || comparing}
            data-testid={`dbtools-compare-${target.compare}`}
          >
            {target.compare}
          </GuardedButton>
        ))}
        {comparing && <CircularProgress size={24} />}
      </Stack>
      <Paper variant="outlined" sx={{ height: 600, overflow: 'auto', p: 1, mb: 2 }} data-testid="dbtools-source-box">
        {source === null ? (
          <CircularProgress size={55} />
        ) : (
          <Box component="pre" sx={{ m: 0, fontSize: 12, fontFamily: 'monospace', whiteSpace: 'pre' }} data-testid="dbtools-source">
            {source}
          </Box>
        )}
      </Paper>
      {fromHistory ? (
        <RouteLink to={historyRoute({ schema_name, object_name, database_name })} data-testid="dbtools-return">
          Return to Database History View
        </RouteLink>
      ) : (
        <RouteLink to="/devops/dbtools" data-testid="dbtools-return">
          Return to Database Tools
        </RouteLink>
      )}
      <DiffDialog diff={diff} onClose={() => setDiff(null)} />
    </Box>
  );
}
