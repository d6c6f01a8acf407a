import { useApiQuery, useAuth } from '@toolshop/auth';
import { ErrorState, PageTitle, Skeleton } from '@toolshop/ui';
import type { UserProfile } from '@toolshop/contracts';
import { ProfileCard } from '../features/profile/profile-card';
import { ProfileForm } from '../features/profile/profile-form';
import { firstProfile, profilePath } from '../features/profile/profile-api';
import styles from './page.module.css';

/** Dashboard index: the signed-in user's profile and its edit form. */
export default function ProfilePage() {
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
          <ProfileCard user={user} profile={profile} />
          <ProfileForm key={profile?._id ?? 'new'} email={user.email} profile={profile} onUpdated={reload} />
        </div>
      )}
    </div>
  );
}
