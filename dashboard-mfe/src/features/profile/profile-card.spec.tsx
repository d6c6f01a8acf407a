import { render, screen } from '@testing-library/react';
import { ProfileCard } from './profile-card';

const user = { email: 'ada@example.com', displayName: 'Ada Lovelace' };

describe('ProfileCard', () => {
  it('shows the name, email and profile fields', () => {
    render(
      <ProfileCard
        user={user}
        profile={{ _id: 'p1', email: user.email, location: 'London', phone: '123' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
  });

  it('links linkedIn when it is a URL', () => {
    render(
      <ProfileCard
        user={user}
        profile={{ _id: 'p1', email: user.email, linkedIn: 'https://linkedin.com/in/ada' }}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://linkedin.com/in/ada' });
    expect(link).toHaveAttribute('href', 'https://linkedin.com/in/ada');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows any other linkedIn value as text', () => {
    render(
      <ProfileCard user={user} profile={{ _id: 'p1', email: user.email, linkedIn: 'Ada L.' }} />,
    );
    expect(screen.getByText('Ada L.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
