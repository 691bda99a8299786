import { useEffect, useState } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { useParams } from 'react-router';
import { callApi, type Schema } from '../../shared/api';
import { HttpError } from '../../shared/http';
import type { WithId } from '../../dataProvider/search';
import { notify } from '../../shared/events';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageTitle, DEVOPS_TRAINING } from '../../ui';
import { DiffDialog, type DiffView } from './DiffDialog';
import {
  ENVIRONMENTS,
  COPIED,
  FAILED_TO_LOAD,
  compareDatabaseName,
  compareTargets,
  environmentOfDatabase,
  historyRoute,
  notInEnvironment,
  type DbEnvironment,
} from './dbtools';

export async function copyText(text: string): Promise<void> {
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

const NO_ENVIRONMENTS: WithId<DbEnvironment>[] = [];

/** The API's environment list (the dbEnvironments resource); a failed look-up is an empty list, without a toast. */
export function useEnvironments(): readonly DbEnvironment[] {
  const { data = NO_ENVIRONMENTS } = useGetList<WithId<DbEnvironment>>('dbEnvironments', { meta: { quiet: true } });
  return data;
}

/** POST GetDiffCheckerText (always character level). */
export function fetchDiff(left: string | null | undefined, right: string | null | undefined): Promise<Schema<'DbToolsDiff'>> {
  return callApi('post', '/V1/DevOps/DBTools/GetDiffCheckerText', { body: { diff_level: 'character', left: left ?? '', right: right ?? '' } });
}

export function DbToolsView() {
  const { schema_name = '', object_name = '', database_name = '', from_where, objectId } = useParams();
  const fromHistory = String(from_where) === '2';
  const environments = useEnvironments();
  const [source, setSource] = useState<string | null>(null);
  const [diff, setDiff] = useState<DiffView | null>(null);
  const [comparing, setComparing] = useState(false);
  const environment = environmentOfDatabase(database_name);

  useEffect(() => {
    let live = true;
    setSource(null);
    // An unknown environment is left out (the API reads absent and null alike) and found by the database name.
    const body = { schema_name, object_name, database_name, environment_name: environmentOfDatabase(database_name) ?? undefined };
    const call = fromHistory
      ? callApi('post', '/V1/DevOps/DBTools/GetHistorySource', { body: { ...body, objectAuditLog_ID: Number(objectId) }, quiet: true })
      : callApi('post', '/V1/DevOps/DBTools/GetCurrentSource', { body, quiet: true });
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

  const compareTo = async (target: (typeof ENVIRONMENTS)[number]) => {
    const targetDb = compareDatabaseName(database_name, target.value, environments);
    setComparing(true);
    try {
      let other;
      try {
        const answer = await callApi('post', '/V1/DevOps/DBTools/GetCurrentSource', {
          body: { schema_name, object_name, database_name: targetDb, environment_name: target.value },
          quiet: true,
        });
        other = answer?.object_source;
      } catch (error) {
        if (error instanceof HttpError && error.status && error.status !== 404) {
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
      <PageTitle
        title="Database Tools View"
        category={DEVOPS_TRAINING}
        backTo={fromHistory ? historyRoute({ schema_name, object_name, database_name }) : '/devops/dbtools'}
        backLabel={fromHistory ? 'Return to Database History View' : 'Return to Database Tools'}
        backTestId="dbtools-return"
      />
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
      <DiffDialog diff={diff} onClose={() => setDiff(null)} />
    </Box>
  );
}
