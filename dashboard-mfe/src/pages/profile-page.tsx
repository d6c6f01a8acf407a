import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useApiQuery, useAuth } from '@toolshop/auth';
import { ErrorState, PageTitle, Skeleton } from '@toolshop/ui';
import type { UserProfile } from '@toolshop/contracts';
import { ProfileCard } from '../features/profile/profile-card';
import { ProfileForm } from '../features/profile/profile-form';
import { EmailVerification } from '../features/profile/email-verification';
import { firstProfile, profilePath } from '../features/profile/profile-api';
import styles from './page.module.css';

/** The provider's verification link ends at /profile?emailVerified=1 (the shell sends it on to /dashboard). */
const VERIFIED_PARAM = 'emailVerified';
export const emailVerifiedMessage = 'Your email address is verified.';

/** Says once that the link worked, then drops the parameter so a reload does not say it again. */
function useEmailVerifiedToast() {
  const [params, setParams] = useSearchParams();
  const verified = params.get(VERIFIED_PARAM) === '1';
  useEffect(() => {
    if (!verified) return;
    toast.success(emailVerifiedMessage, { toastId: 'email-verified' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VERIFIED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [verified, setParams]);
}

/** Dashboard index: the signed-in user's profile (with the email's verification state) and its edit form. */
export default function ProfilePage() {
  useEmailVerifiedToast();
  const user = useAuth((s) => s.user);
  const { data, error, loading, reload } = useApiQuery<UserProfile[]>(user ? profilePath(user.email) : null);
  const profile = firstProfile(data);

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="My Profile">My Profile</PageTitle>
      {!user || (loading && !data) ? (
        <div className={styles.stack} aria-busy="true" aria-label="Loading your profile">
          <Skeleton height="10rem" />
          <Skeleton height="18rem" />
        </div>
      ) : error && !data ? (
        <ErrorState message="Your profile could not be loaded." onRetry={reload} />
      ) : (
        <div className={styles.twoColumns}>
          <ProfileCard user={user} profile={profile}>
            <EmailVerification />
          </ProfileCard>
          <ProfileForm key={profile?._id ?? 'new'} email={user.email} profile={profile} onUpdated={reload} />
        </div>
      )}
    </div>
  );
}
