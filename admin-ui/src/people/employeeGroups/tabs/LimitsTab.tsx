import { Grid } from '@mui/material';
import { formatDateTime } from '../../../ui';
import { yesNo } from '../../../items/common';
import { InfoRow, Section } from '../../../ui';
import type { EmployeeGroup } from '../employeeGroups';
import { money } from './parts';

export function LimitsTab({ group }: { group: EmployeeGroup }) {
  return (
    <Section title="Limits" testId="group-panel-limits">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <InfoRow label="Daily limit" value={money(group.limitDaily)} testId="group-limit-daily" />
          <InfoRow label="Weekly limit" value={money(group.limitWeekly)} testId="group-limit-weekly" />
          <InfoRow label="Monthly limit" value={money(group.limitMonthly)} testId="group-limit-monthly" />
          <InfoRow label="Yearly limit" value={money(group.limitYearly)} testId="group-limit-yearly" />
          <InfoRow label="Enforced level" value={`${group.enforced_level} ${group.enforced_level_text}`} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InfoRow label="Type" value={group.group_type_text} />
          <InfoRow label="Approver group" value={group.approver_group ?? '—'} />
          <InfoRow label="Cost limit" value={money(group.costLimit)} />
          <InfoRow label="Budget" value={`${money(group.budget_amount)} ${group.budget_start ? `(${group.budget_start} to ${group.budget_end ?? ''})` : ''}`} />
          <InfoRow label="Default group / VMI / bypass SR approval" value={`${yesNo(group.defaultGroup)} / ${yesNo(group.vmi)} / ${yesNo(group.bypass_SR_approval)}`} />
          <InfoRow label="Employees" value={String(group.member_count)} testId="group-member-count" />
          <InfoRow label="Updated" value={formatDateTime(group.updated_at)} />
        </Grid>
      </Grid>
    </Section>
  );
}
