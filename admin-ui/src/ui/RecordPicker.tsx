// A field holding a reference to another record, picked by searching and shown as 'Name (CODE)', never as an id.
import { SearchPicker, type PickerKey, type PickerKind } from '../grid/SearchPicker';
import { employeeKind, sharedVendorKind, stationKind, uomKind, userKind, vendorKind } from './recordKinds';

export interface RecordPickerProps<T> {
  /** What is picked: one of recordKinds.ts (`employeeKind`, `trackingCodeKind(level)`, ...) or a screen's own. */
  kind: PickerKind<T>;
  /** The key the record holds (an id or a code); null or '' when none. */
  value: PickerKey | null | undefined;
  /** The new key (null when cleared) and the record picked. */
  onChange: (key: PickerKey | null, item: T | null) => void;
  testId: string;
  /** The field's label; the kind's ('Employee') by default. */
  label?: string;
  error?: string;
  helperText?: string;
  width?: number | string;
}

/** `<RecordPicker kind={employeeKind} value={form.default_employee_id} onChange={(id) => set('default_employee_id', id)} testId="emp" />` */
export function RecordPicker<T>({ kind, value, onChange, testId, label, error, helperText, width = 360 }: RecordPickerProps<T>) {
  return (
    <SearchPicker<T>
      search={kind.search}
      find={kind.find}
      keyOf={kind.keyOf}
      labelOf={kind.labelOf}
      noOptionsText={kind.noOptionsText}
      value={value === undefined || value === '' ? null : value}
      onChange={onChange}
      testId={testId}
      label={label ?? kind.label}
      error={error}
      helperText={helperText}
      width={width}
    />
  );
}

type FixedKindProps = Omit<RecordPickerProps<never>, 'kind' | 'onChange'> & { onChange: (key: PickerKey | null) => void };

// The ready-made pickers of the common references (kinds that need an argument, such as a tracking level or a
// vendor's remit-to list, go through RecordPicker with `trackingCodeKind(level)` / `remitToKind(code)`).
export const VendorRefPicker = (props: FixedKindProps) => <RecordPicker kind={vendorKind} {...props} />;
export const EmployeePicker = (props: FixedKindProps) => <RecordPicker kind={employeeKind} {...props} />;
export const StationPicker = (props: FixedKindProps) => <RecordPicker kind={stationKind} {...props} />;
export const UserPicker = (props: FixedKindProps) => <RecordPicker kind={userKind} {...props} />;
export const UomPicker = (props: FixedKindProps) => <RecordPicker kind={uomKind} {...props} />;
export const SharedVendorRefPicker = (props: FixedKindProps) => <RecordPicker kind={sharedVendorKind} {...props} />;
