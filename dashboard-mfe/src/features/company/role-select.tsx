import { SelectField } from '@toolshop/ui';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@toolshop/contracts';

/** The role of a member or an invitee: owner, approver or buyer. */
export function RoleSelect({
  value,
  onChange,
}: {
  value: CompanyRole;
  onChange: (role: CompanyRole) => void;
}) {
  return (
    <SelectField
      label="Role"
      value={value}
      onChange={(event) => onChange(event.target.value as CompanyRole)}
    >
      {COMPANY_ROLES.map((role) => (
        <option key={role} value={role}>
          {COMPANY_ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}
