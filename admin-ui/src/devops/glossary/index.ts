import MenuBookIcon from '@mui/icons-material/MenuBook';
import { GlossaryList, type GlossaryRecord } from './GlossaryList';

// Address: /devops/glossary (BasicAccess).
export default {
  list: GlossaryList,
  icon: MenuBookIcon,
  recordRepresentation: (record: GlossaryRecord) => record.label,
};
