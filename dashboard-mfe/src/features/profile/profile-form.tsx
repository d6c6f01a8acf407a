import { useState, type FormEvent } from 'react';
import { Button, Field } from '@toolshop/ui';
import { PROFILE_FIELDS, TEXT_MAX_LENGTH, isProfileComplete, linkedInError } from '@toolshop/contracts';
import type { ProfileFields, UserProfile } from '@toolshop/contracts';
import { useUpdateProfile } from './api/update-profile';
import { linkedInToSend } from './linkedin-href';
import styles from './profile.module.css';

type Values = Record<keyof ProfileFields, string>;
type Errors = Partial<Record<keyof ProfileFields, string>>;

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

const initialValues = (email: string, profile: UserProfile | undefined): Values => ({
  email,
  location: profile?.location ?? '',
  phone: profile?.phone ?? '',
  education: profile?.education ?? '',
  linkedIn: profile?.linkedIn ?? '',
});

/** Edits the profile; SPEC.md §5: the update is sent only when all five fields are filled. */
export function ProfileForm({ email, profile, onUpdated }: ProfileFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(email, profile));
  const [errors, setErrors] = useState<Errors>({});
  const updateProfile = useUpdateProfile();
  const saving = updateProfile.isPending;

  const change = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name] && value.trim()) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(
      PROFILE_FIELDS.map((name) => [name, values[name].trim()]),
    ) as Values;
    if (!isProfileComplete(fields)) {
      setErrors(Object.fromEntries(PROFILE_FIELDS.filter((name) => !fields[name]).map((name) => [name, FIELD_REQUIRED])));
      return;
    }
    // The API keeps only http(s) links (never `javascript:`); a bare "linkedin.com/in/…" is taken as https.
    fields.linkedIn = linkedInToSend(fields.linkedIn);
    const linkedIn = linkedInError(fields.linkedIn);
    if (linkedIn) {
      setErrors({ linkedIn });
      return;
    }
    updateProfile.mutate(fields, { onSuccess: () => onUpdated?.() });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className={styles.formTitle}>
        Update your profile
      </h2>
      <p className={styles.hint}>All five fields are needed to save your profile.</p>
      <div className={styles.fields}>
        <Field label="Email" name="email" type="email" value={values.email} readOnly autoComplete="email" />
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
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Update profile'}
        </Button>
      </div>
    </form>
  );
}
