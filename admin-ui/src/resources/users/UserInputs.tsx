import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  ReferenceArrayInput,
  ReferenceInput,
  SimpleFormIterator,
  TextInput,
  email,
  required,
} from 'react-admin';
import { HELP_IDS } from '../../devops/help/developerHelp';

// Shared by create and edit; only create sets a password (changes go through the self-service or reset flows).
export const UserInputs = () => (
  <>
    <TextInput source="user_id" label="User ID" validate={required()} data-help-id={HELP_IDS.userId} />
    <TextInput source="fname" label="First name" validate={required()} />
    <TextInput source="lname" label="Last name" validate={required()} />
    <TextInput source="email" validate={email()} />
    <BooleanInput source="is_active" label="Active" />
    <BooleanInput source="is_locked" label="Locked" />
    <BooleanInput source="fss_employee" label="Provider employee" />
    <BooleanInput source="supplier_portal_user" label="Supplier portal user" />
    <BooleanInput source="customer_portal_user" label="Customer portal user" />
    <BooleanInput source="is_punchin_user" label="Punch-in user" />
    <DateTimeInput source="password_expiration_Date" label="Password expires" />
    <ReferenceArrayInput source="site_ids" reference="sites" perPage={50}>
      <AutocompleteArrayInput label="Sites" optionText="site_code" />
    </ReferenceArrayInput>
    <ArrayInput source="roles" label="Roles by site">
      <SimpleFormIterator inline>
        <ReferenceInput source="site_id" reference="sites" perPage={50}>
          <AutocompleteInput label="Site" optionText="site_code" validate={required()} />
        </ReferenceInput>
        <ReferenceInput source="security_role_id" reference="roles" perPage={50}>
          <AutocompleteInput label="Role" optionText="role_name" validate={required()} />
        </ReferenceInput>
      </SimpleFormIterator>
    </ArrayInput>
  </>
);
