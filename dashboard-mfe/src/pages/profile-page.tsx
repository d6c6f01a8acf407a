import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { queryClient, useAuth } from '@toolshop/auth';
import { ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { ProfileCard } from '../features/profile/profile-card';
import { ProfileForm } from '../features/profile/profile-form';
import { PasswordForm } from '../features/profile/password-form';
import { EmailVerification } from '../features/profile/email-verification';
import { profileQuery, useProfile } from '../features/profile/api/profile';
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
  const { data, error, isPending: loading, refetch } = useProfile(user?.email);
  const profile = data ?? undefined;

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="My Profile">My Profile</PageTitle>
      {!user || (loading && !data) ? (
        <LoadingGroup label="Loading your profile" className={styles.stack}>
          <Skeleton height="10rem" />
          <Skeleton height="18rem" />
        </LoadingGroup>
      ) : error && !data ? (
        <ErrorState message="Your profile could not be loaded." onRetry={() => void refetch()} />
      ) : (
        <div className={styles.twoColumns}>
          <ProfileCard user={user} profile={profile}>
            <EmailVerification />
          </ProfileCard>
          <div className={styles.stack}>
            <ProfileForm key={profile?._id ?? 'new'} email={user.email} profile={profile} />
            <PasswordForm email={user.email} />
          </div>
        </div>
      )}
    </div>
  );
}

/** The shell calls it when a link here is about to be followed: the profile is on its way before the click. */
export function prefetch(): void {
  const email = useAuth.getState().user?.email;
  if (email) void queryClient.prefetchQuery(profileQuery(email));
}
