import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { apiError, createServerDataWrapper, reply, useFakeShop } from '@toolshop/auth/testing';
import ProfilePage from './profile-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop();
/** The provider's account of the signed-in user (GET /accounts/me). */
const account = (answer: unknown) => network.on('GET', '/accounts/me', answer, 'identity');
/** The provider's answer to a new verification link (POST /accounts/me/verification). */
const resend = (answer: unknown) =>
  network.on('POST', '/accounts/me/verification', answer, 'identity');
const resends = () => network.requests('POST', '/accounts/me/verification', 'identity');
/** The API's profiles of the user (GET /users?email=). */
const profiles = (answer: unknown) => network.on('GET', '/users', answer);

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
  account({ ...unverified, emailVerified: true });
});

describe('ProfilePage', () => {
  it("shows the first profile of the user's list in the card and the form", async () => {
    profiles([
      { _id: 'p1', email: 'ada@example.com', location: 'London', linkedIn: 'linkedin.com/in/ada' },
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(network.last('GET', '/users').path).toBe('/users?email=ada%40example.com');
    expect(network.last('GET', '/accounts/me', 'identity').headers.Authorization).toBe(
      'Bearer token-of-ada@example.com',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'linkedin.com/in/ada' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/ada',
    );
    expect(screen.getByLabelText('Location')).toHaveValue('London');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('lets a user without a profile yet fill one in', async () => {
    profiles([]);
    renderPage();
    expect(await screen.findAllByText('Not provided')).toHaveLength(4);
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded', async () => {
    profiles(apiError(503, 'down'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Update profile' })).not.toBeInTheDocument();
  });

  it('says when the email is verified, without a resend button', async () => {
    profiles([]);
    renderPage();
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
  });

  it('offers to resend the link when the email is not verified, and toasts the answer', async () => {
    profiles([]);
    account(unverified);
    resend(reply(202, { message: 'We sent a new link to ada@example.com.' }));
    const user = renderPage();
    expect(await screen.findByText('Email not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(resends()).toHaveLength(1));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('We sent a new link to ada@example.com.'),
    );
    expect(screen.getByText('Email not verified')).toBeInTheDocument();
  });

  it('shows a rate-limit refusal (429) as an error toast', async () => {
    profiles([]);
    account(unverified);
    resend(reply(429, { message: 'Too many verification emails. Try again in a few minutes.' }));
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
    profiles([]);
    account(unverified);
    resend(reply(200, { message: 'Your email address is already verified.' }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your email address is already verified.'),
    );
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('leaves the state out when the provider cannot be asked', async () => {
    profiles([]);
    account(reply(503, { message: 'down' }));
    renderPage();
    await waitFor(() =>
      expect(network.requests('GET', '/accounts/me', 'identity')).toHaveLength(1),
    );
    await act(async () => {});
    expect(screen.queryByText(/Email (not )?verified/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
  });

  it('toasts once that the address is verified when opened from the link, then drops the parameter', async () => {
    profiles([]);
    renderPage('/dashboard?emailVerified=1&tab=x');
    expect(toast.success).toHaveBeenCalledWith('Your email address is verified.', {
      toastId: 'email-verified',
    });
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(search).toBe('?tab=x');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });

  it('says nothing about verification without the parameter', async () => {
    profiles([]);
    renderPage('/dashboard');
    await screen.findByText('Email verified');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
