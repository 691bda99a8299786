import type { ErrorFilterRow } from '../errorLog/errors';

// Listed in the ASP Error Log page's 'Filtered List' tab (/devops/errorList), which is the errorLog resource's list.
export default {
  recordRepresentation: (record: ErrorFilterRow) => record.filter_note || record.filter_type_name,
};
