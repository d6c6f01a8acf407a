import { render, screen } from '@testing-library/react';
import { answerQuery, customer, setAuthState, useApiQuery } from '../testing/auth-mock';
import ProfilePage from './profile-page';

jest.mock('@toolshop/auth', () => jest.requireActual('../testing/auth-mock').authModule);
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => {
  jest.clearAllMocks();
  setAuthState(customer);
});

describe('ProfilePage', () => {
  it("shows the first profile of the user's list in the card and the form", () => {
    answerQuery([{ _id: 'p1', email: 'ada@example.com', location: 'London', linkedIn: 'linkedin.com/in/ada' }]);
    render(<ProfilePage />);
    expect(useApiQuery).toHaveBeenCalledWith('/users?email=ada%40example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'linkedin.com/in/ada' })).toHaveAttribute('href', 'https://linkedin.com/in/ada');
    expect(screen.getByLabelText('Location')).toHaveValue('London');
  });

  it('lets a user without a profile yet fill one in', () => {
    answerQuery([]);
    render(<ProfilePage />);
    expect(screen.getAllByText('Not provided')).toHaveLength(4);
    expect(screen.getByLabelText('Location')).toHaveValue('');
  });

  it('says when the profile cannot be loaded', () => {
    answerQuery(undefined, { error: new Error('down') });
    render(<ProfilePage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Update profile' })).not.toBeInTheDocument();
  });
});
