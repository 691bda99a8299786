import { useMemo } from 'react';
import { DataGrid } from '../../grid/DataGrid';
import { GridList } from '../../grid/GridList';
import type { GridColumn } from '../../grid/types';
import type { WithId } from '../../dataProvider/search';
import type { Schema } from '../../shared/api';

export type RecipientRecord = WithId<Schema<'AlertRecipient'>>;

export const RECIPIENT_COLUMNS: GridColumn<RecipientRecord>[] = [
  { field: 'username', header: 'Username' },
  { field: 'inbox_sent', header: 'Inbox Sent', kind: 'boolean' },
  { field: 'email_sent', header: 'Email Sent', kind: 'boolean' },
  { field: 'text_sent', header: 'Text Sent', kind: 'boolean' },
  { field: 'toastr_sent', header: 'Toastr Sent', kind: 'boolean' },
  { field: 'created_date', header: 'Created Date', kind: 'date' },
];

/** The recipients of one notification: the alertRecipients resource filtered by it. */
export function RecipientList({ notificationId }: { notificationId: number }) {
  const filter = useMemo(() => ({ notification_id: notificationId }), [notificationId]);
  return (
    <GridList
      resource="alertRecipients"
      settingsKey="alertRecipients"
      columns={RECIPIENT_COLUMNS}
      defaultSort={{ field: 'username', direction: 'desc' }}
      filter={filter}
    >
      <DataGrid id="alertRecipients" />
    </GridList>
  );
}
