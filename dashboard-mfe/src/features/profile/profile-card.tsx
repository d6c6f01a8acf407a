import type { ReactNode } from 'react';
import type { AuthUser, UserProfile } from '@toolshop/contracts';
import { Avatar } from '../../components/avatar';
import { linkedInHref } from './linkedin-href';
import styles from './profile.module.css';

interface ProfileCardProps {
  user: AuthUser;
  profile: UserProfile | undefined;
  /** Shown under the email, e.g. whether it is verified. */
  children?: ReactNode;
}

const details = [
  ['location', 'Location'],
  ['phone', 'Phone'],
  ['education', 'Education'],
] as const;

/** Who is signed in, and what their profile says. */
export function ProfileCard({ user, profile, children }: ProfileCardProps) {
  const name = user.displayName || user.email;
  const linkedIn = profile?.linkedIn?.trim();
  const href = linkedInHref(linkedIn);

  return (
    <section className={styles.card} aria-labelledby="profile-name">
      <header className={styles.cardHeader}>
        <Avatar name={name} size="large" />
        <div>
          <h2 id="profile-name" className={styles.name}>
            {name}
          </h2>
          <p className={styles.email}>{user.email}</p>
          {children}
        </div>
        {profile?.role === 'admin' && <span className={styles.badge}>Admin</span>}
      </header>
      <dl className={styles.details}>
        {details.map(([field, label]) => (
          <div key={field} className={styles.detail}>
            <dt>{label}</dt>
            <dd>
              {profile?.[field]?.trim() || <span className={styles.missing}>Not provided</span>}
            </dd>
          </div>
        ))}
        <div className={styles.detail}>
          <dt>LinkedIn</dt>
          <dd>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {linkedIn}
              </a>
            ) : (
              linkedIn || <span className={styles.missing}>Not provided</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
