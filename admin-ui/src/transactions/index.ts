import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { TransactionList, type TransactionRecord } from './TransactionList';
import { TransactionShow } from './TransactionShow';

// Addresses: /transaction/search (the search) and /transaction?id= (one transaction).
export default {
  list: TransactionList,
  show: TransactionShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: TransactionRecord) => `${record.tran_id} ${record.trans_type}`,
};
