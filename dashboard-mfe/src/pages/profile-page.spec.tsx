import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import { ApiError, answerQuery, api, customer, setAuthState } from '../testing/auth-mock';
import { fetchAccount, resendVerification } from '../features/profile/api/account-requests';
import ProfilePage from './profile-page';

jest.mock('@toolshop/auth', () => jest.requireActual('../testing/auth-mock').authModule);
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('../features/profile/api/account-requests', () => ({
  fetchAccount: jest.fn(),
  resendVerification: jest.fn(),
}));

const account = jest.mocked(fetchAccount);
const resend = jest.mocked(resendVerification);

let search = '';
function CurrentSearch() {
  search = useLocation().search;
  return null;
}

function renderPage(entry = '/dashboard') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ProfilePage />
      <CurrentSearch />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  return userEvent.setup();
}

const unverified = { email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: false };

beforeEach(() => {
  jest.clearAllMocks();
  setAuthState(customer);
  account.mockResolvedValue({ ...unverified, emailVerified: true });
});

describe('ProfilePage', () => {
  it("shows the first profile of the user's list in the card and the form", async () => {
    answerQuery([
      { _id: 'p1', email: 'ada@example.com', location: 'London', linkedIn: 'linkedin.com/in/ada' },
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/users?email=ada%40example.com', {
      signal: expect.any(AbortSignal),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'linkedin.com/in/ada' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/ada',
    );
    expect(screen.getByLabelText('Location')).toHaveValue('London');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('lets a user without a profile yet fill one in', async () => {
    answerQuery([]);
    renderPage();
    expect(await screen.findAllByText('Not provided')).toHaveLength(4);
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded', async () => {
    answerQuery(undefined, { error: new Error('down') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Update profile' })).not.toBeInTheDocument();
  });

  it('says when the email is verified, without a resend button', async () => {
    answerQuery([]);
    renderPage();
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
  });

  it('offers to resend the link when the email is not verified, and toasts the answer', async () => {
    answerQuery([]);
    account.mockResolvedValue(unverified);
    resend.mockResolvedValue({
      alreadyVerified: false,
      message: 'We sent a new link to ada@example.com.',
    });
    const user = renderPage();
    expect(await screen.findByText('Email not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(resend).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('We sent a new link to ada@example.com.'),
    );
    expect(screen.getByText('Email not verified')).toBeInTheDocument();
  });

  it('shows a rate-limit refusal (429) as an error toast', async () => {
    answerQuery([]);
    account.mockResolvedValue(unverified);
    resend.mockRejectedValue(
      new ApiError(429, 'Too many verification emails. Try again in a few minutes.'),
    );
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Too many verification emails. Try again in a few minutes.',
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('switches to verified when the provider answers that it already is', async () => {
    answerQuery([]);
    account.mockResolvedValue(unverified);
    resend.mockResolvedValue({
      alreadyVerified: true,
      message: 'Your email address is already verified.',
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your email address is already verified.'),
    );
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('leaves the state out when the provider cannot be asked', async () => {
    answerQuery([]);
    account.mockRejectedValue(new ApiError(503, 'down'));
    renderPage();
    await waitFor(() => expect(account).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByText(/Email (not )?verified/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
  });

  it('toasts once that the address is verified when opened from the link, then drops the parameter', async () => {
    answerQuery([]);
    renderPage('/dashboard?emailVerified=1&tab=x');
    expect(toast.success).toHaveBeenCalledWith('Your email address is verified.', {
      toastId: 'email-verified',
    });
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(search).toBe('?tab=x');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('says nothing about verification without the parameter', async () => {
    answerQuery([]);
    renderPage('/dashboard');
    await screen.findByText('Email verified');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
