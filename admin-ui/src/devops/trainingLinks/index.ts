import type { TrainingLink } from './TrainingLinks';

// Listed per category: at /devops/training/:id (the category in the address) and in each devops page's 'Training
// Links' dialog (PageTitle), so the resource has no list page of its own.
export default {
  recordRepresentation: (record: TrainingLink) => record.description || record.link_address,
};
