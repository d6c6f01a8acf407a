import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { useTabDraft } from '../../lib/tab-draft';
import {
  COMPANY_MAX_LENGTH,
  PROFILE_FIELDS,
  TAX_ID_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  companyError,
  isProfileComplete,
  linkedInError,
  taxIdError,
} from '@toolshop/contracts';
import type { ProfileFields, UserProfile } from '@toolshop/contracts';
import { useUpdateProfile } from './api/update-profile';
import { linkedInToSend } from './linkedin-href';
import styles from './profile.module.css';

/** The five fields of SPEC.md §5 and the optional billing details printed on invoices. */
type Values = Record<keyof ProfileFields | 'company' | 'taxId', string>;
type Errors = Partial<Record<keyof Values, string>>;

interface ProfileFormProps {
  email: string;
  profile: UserProfile | undefined;
  /** After a successful update (the profile shown refreshes itself). */
  onUpdated?: () => void;
}

const FIELD_REQUIRED = 'Please fill in this field';

const inputs = [
  { name: 'location', label: 'Location', autoComplete: 'address-level2', type: 'text' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'education', label: 'Education', autoComplete: 'off', type: 'text' },
  { name: 'linkedIn', label: 'LinkedIn', autoComplete: 'url', type: 'text' },
] as const;

/** Optional: saved with the five fields and printed on invoices; emptied, they are removed. */
const billingInputs = [
  {
    name: 'company',
    label: 'Company name (optional)',
    autoComplete: 'organization',
    maxLength: COMPANY_MAX_LENGTH,
  },
  { name: 'taxId', label: 'Tax ID (optional)', autoComplete: 'off', maxLength: TAX_ID_MAX_LENGTH },
] as const;

const initialValues = (email: string, profile: UserProfile | undefined): Values => ({
  email,
  location: profile?.location ?? '',
  phone: profile?.phone ?? '',
  education: profile?.education ?? '',
  linkedIn: profile?.linkedIn ?? '',
  company: profile?.company ?? '',
  taxId: profile?.taxId ?? '',
});

/** Edits the profile; SPEC.md §5: the update is sent only when all five fields are filled. */
export function ProfileForm({ email, profile, onUpdated }: ProfileFormProps) {
  // What was typed and not yet saved is kept for the tab (signing in again, Back and Forward).
  const {
    values,
    change: edit,
    forget,
  } = useTabDraft('profile', email, () => initialValues(email, profile));
  const [errors, setErrors] = useState<Errors>({});
  const updateProfile = useUpdateProfile();
  const saving = updateProfile.isPending;

  const change = (name: keyof Values, value: string) => {
    edit((current) => ({ ...current, [name]: value }));
    if (errors[name] && value.trim()) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(
      PROFILE_FIELDS.map((name) => [name, values[name].trim()]),
    ) as Record<keyof ProfileFields, string>;
    if (!isProfileComplete(fields)) {
      setErrors(
        Object.fromEntries(
          PROFILE_FIELDS.filter((name) => !fields[name]).map((name) => [name, FIELD_REQUIRED]),
        ),
      );
      return;
    }
    // The API keeps only http(s) links (never `javascript:`); a bare "linkedin.com/in/…" is taken as https.
    fields.linkedIn = linkedInToSend(fields.linkedIn);
    const linkedIn = linkedInError(fields.linkedIn);
    if (linkedIn) {
      setErrors({ linkedIn });
      return;
    }
    const billing = { company: values.company.trim(), taxId: values.taxId.trim() };
    const billingErrors = {
      company: companyError(billing.company),
      taxId: taxIdError(billing.taxId),
    };
    if (billingErrors.company || billingErrors.taxId) {
      setErrors(billingErrors);
      return;
    }
    // Sent when filled, or empty to remove a saved one; otherwise the request is the spec's five fields.
    const billingToSend = Object.fromEntries(
      Object.entries(billing).filter(
        ([name, value]) => value || profile?.[name as keyof typeof billing],
      ),
    );
    updateProfile.mutate(
      { ...fields, ...billingToSend },
      {
        onSuccess: () => {
          forget();
          onUpdated?.();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className={styles.formTitle}>
        Update your profile
      </h2>
      <p className={styles.hint}>All five fields are needed to save your profile.</p>
      <div className={styles.fields}>
        <Field
          label="Email"
          name="email"
          type="email"
          value={values.email}
          readOnly
          autoComplete="email"
        />
        {inputs.map((input) => (
          <Field
            key={input.name}
            label={input.label}
            name={input.name}
            type={input.type}
            autoComplete={input.autoComplete}
            value={values[input.name]}
            maxLength={TEXT_MAX_LENGTH}
            error={errors[input.name]}
            onChange={(event) => change(input.name, event.target.value)}
          />
        ))}
      </div>
      <fieldset className={styles.billing}>
        <legend className={styles.billingTitle}>For your invoices</legend>
        <div className={styles.fields}>
          {billingInputs.map((input) => (
            <Field
              key={input.name}
              label={input.label}
              name={input.name}
              autoComplete={input.autoComplete}
              value={values[input.name]}
              maxLength={input.maxLength}
              error={errors[input.name]}
              onChange={(event) => change(input.name, event.target.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Update profile'}
        </Button>
      </div>
    </form>
  );
}
