import { callApi } from '../../../shared/api';
import { HistoryPanel, Section, useLoad } from '../../../ui';

const HISTORY_PATHS = [
  '/V1/Employee/Group/Audit/Detail/{employee_group_id}',
  '/V1/Employee/Group/ItemGroup/Limits/Audit/Detail/{employee_group_id}',
  '/V1/Employee/Group/DeliveryLocation/Audit/Detail/{employee_group_id}',
  '/V1/Employee/Group/Assigned/Audit/Detail/{employee_group_id}',
  '/V1/Employee/Group/TrackingRestriction/Audit/Detail/{employee_group_id}',
  '/V1/Employee/Group/Assets/Audit/Detail/{employee_group_id}',
] as const;

/** The group's history and its relations' in one list, newest first (each action names what it changed). */
export function HistoryTab({ id, round }: { id: number; round: number }) {
  const rows = useLoad(
    async (signal) => {
      const parts = await Promise.all(HISTORY_PATHS.map((path) => callApi('get', path, { path: { employee_group_id: id }, signal, quiet: true })));
      return parts.flat().sort((a, b) => b.audit_event_id - a.audit_event_id);
    },
    [id, round],
  );
  return (
    <Section title="History" testId="group-panel-history">
      <HistoryPanel rows={rows.data} loading={rows.loading} error={rows.error} subject="employee group" testId="group-history" />
    </Section>
  );
}
