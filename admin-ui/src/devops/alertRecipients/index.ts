import type { RecipientRecord } from './RecipientList';

// Listed on a notification's page (the alerts resource's show, /devops/alertAuditingInfo/:id): the search needs the
// notification, so the resource has no list page of its own.
export default {
  recordRepresentation: (record: RecipientRecord) => record.username,
};
