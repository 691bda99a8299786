// A tracking code (`/trackingcode/trackingCodeSearch/{level}?id=`) behind the route guard (spec 4 section 2: the
// code's level must be the route's): general, limits, item restrictions, where used, history.
import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { HttpError } from '../../shared/http';
import { BackToSearch, HistoryPanel, InfoRow, LoadState, PageTitle, Section, formatDate, formatYesNo, nameWithCode, useApi, useHasPermission } from '../../ui';
import { useLevelName } from '../useLevels';
import { NOT_FOUND, SUSPENSION_REASONS, TRACKING_CODE_EDIT, guardDecision, searchRoute } from '../trackingCodes';
import { EditDialog, SuspendDialog, saveFull } from './dialogs';
import { LimitsSection } from './LimitsSection';

export function GuardedDetail({ level, id }: { level: number | null; id: string }) {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    const back = (message: string) => {
      notify(message, 'error');
      navigate(level ? searchRoute(level) : '/homeMain', { replace: true });
    };
    const early = guardDecision(level, id, { trackingLevelID: level ?? 0 });
    if (early.kind === 'refused') {
      back(early.message);
      return undefined;
    }
    callApi('get', '/V1/TrackingCode/{id}', { path: { id: Number(id) }, quiet: true })
      .then((found) => {
        if (!live) return;
        const outcome = guardDecision(level, id, found);
        if (outcome.kind === 'ok') setAllowed(true);
        else back(outcome.message);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof HttpError ? error.status : 0;
        back(status === 404 || status === 400 ? NOT_FOUND : 'An error occurred fetching this tracking code.');
      });
    return () => {
      live = false;
    };
  }, [level, id, navigate]);
  if (!allowed || level === null) return <Box sx={{ p: 2 }} data-testid="tracking-guard-wait" />;
  return <Detail level={level} id={Number(id)} />;
}

function Detail({ level, id }: { level: number; id: number }) {
  const canEdit = useHasPermission(TRACKING_CODE_EDIT);
  const name = useLevelName(level);
  const loaded = useApi('get', '/V1/TrackingCode/V2/{id}', { path: { id }, query: { level } });
  const refs = useApi('get', '/V1/TrackingCode/Reference/{id}', { path: { id }, quiet: true }, { deps: [loaded.data] });
  const history = useApi('get', '/V1/TrackingCode/Audit/Detail/{id}', { path: { id }, quiet: true }, { deps: [loaded.data] });
  const [editing, setEditing] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const code = loaded.data;
  return (
    <Box sx={{ p: 2 }} data-testid="tracking-detail" data-id={id}>
      <PageTitle title={code ? `${name} ${nameWithCode(code.description, code.trackingNumber)}` : name}>
        <BackToSearch to={searchRoute(level)} testId="tracking-back" />
      </PageTitle>
      <LoadState loading={loaded.loading} error={loaded.error} what="tracking code">
        {code && (
          <>
            <Section
              title="General"
              testId="tracking-general"
              actions={
                canEdit && (
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => setEditing(true)} data-testid="tracking-edit">
                      Edit
                    </Button>
                    {code.isSuspended ? (
                      <Button onClick={() => void saveFull(code, { isSuspended: false }).then(loaded.reload)} data-testid="tracking-reinstate">
                        Reinstate
                      </Button>
                    ) : (
                      <Button color="warning" onClick={() => setSuspending(true)} data-testid="tracking-suspend">
                        Suspend
                      </Button>
                    )}
                  </Stack>
                )
              }
            >
              <InfoRow label="Tracking Number" value={code.trackingNumber} testId="tracking-number" />
              <InfoRow label="Description" value={code.description} testId="tracking-description" />
              <InfoRow label="Level" value={code.trackingLevelDescription} testId="tracking-level" />
              <InfoRow label="Group" value={code.trackingCodeGroup} testId="tracking-group" />
              <InfoRow label="Active" value={formatYesNo(code.isActive)} testId="tracking-active" />
              <InfoRow
                label="Suspended"
                value={code.isSuspended ? `Yes, since ${formatDate(code.suspensionDate)} (${SUSPENSION_REASONS.find((r) => r.value === String(code.suspensionReasonID))?.label ?? ''})` : 'No'}
                testId="tracking-suspended"
              />
              <InfoRow label="Supervisor" value={code.supervisorName} testId="tracking-supervisor" />
            </Section>
            <LimitsSection code={code} canEdit={canEdit} onSaved={loaded.reload} />
            <Section title="Item restrictions" testId="tracking-items">
              {code.restrictedItems.length === 0 ? (
                <Typography variant="body2">Valid for every item.</Typography>
              ) : (
                code.restrictedItems.map((i) => (
                  <Typography key={i.cid_no} variant="body2" data-testid="tracking-item-row">
                    {nameWithCode(i.cust_desc1, i.cust_item_code)}
                  </Typography>
                ))
              )}
            </Section>
            <Section title="Where used" testId="tracking-references">
              <Typography variant="body2" data-testid="tracking-ref-summary">
                {refs.data
                  ? `${refs.data.employees.length} employees, ${refs.data.cips.length} CIPs, ${refs.data.groups.length} groups default to or are restricted to this code`
                  : ''}
              </Typography>
              {(refs.data?.employees ?? []).map((e) => (
                <Typography key={`e${e.employee_id}`} variant="body2" data-testid="tracking-ref-employee">
                  Employee {nameWithCode(e.name, e.employee_number)}
                </Typography>
              ))}
              {(refs.data?.cips ?? []).map((c) => (
                <Typography key={`c${c.cip_no}`} variant="body2" data-testid="tracking-ref-cip">
                  CIP {c.cip_code} {c.cust_item_code}
                </Typography>
              ))}
            </Section>
            <Section title="History" testId="tracking-history">
              <HistoryPanel rows={history.data} loading={history.loading} error={history.error} subject="tracking code" testId="tracking-history-list" />
            </Section>
            {editing && <EditDialog level={level} code={code} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); loaded.reload(); }} />}
            {suspending && <SuspendDialog code={code} onClose={() => setSuspending(false)} onSaved={() => { setSuspending(false); loaded.reload(); }} />}
          </>
        )}
      </LoadState>
    </Box>
  );
}

