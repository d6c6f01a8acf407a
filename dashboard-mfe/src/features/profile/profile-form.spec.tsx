import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { BillingMessages, RuleMessages } from '@toolshop/contracts';
import {
  apiError,
  createServerDataWrapper,
  useFakeShop,
  type FakeRequest,
} from '@toolshop/auth/testing';
import { ProfileForm } from './profile-form';

const network = useFakeShop();
const puts = () => network.requests('PUT', '/users');
/** The profile update once sent: to the user's own record, as one attempt. */
async function sentUpdate(): Promise<FakeRequest> {
  await waitFor(() => expect(puts()).toHaveLength(1));
  const sent = puts()[0]!;
  expect(sent.path).toBe('/users?email=ada%40example.com');
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
  return sent;
}
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const saved = {
  _id: 'p1',
  email: 'ada@example.com',
  location: 'London',
  phone: '+44 20 7946 0000',
  education: 'Private tutors',
  linkedIn: '',
};

function renderForm() {
  const onUpdated = jest.fn();
  render(<ProfileForm email="ada@example.com" profile={saved} onUpdated={onUpdated} />, {
    wrapper: createServerDataWrapper(),
  });
  return { onUpdated, user: userEvent.setup() };
}

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

describe('ProfileForm', () => {
  it('starts from the saved profile, with the email read-only', () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Location')).toHaveValue('London');
  });

  it('keeps unsaved edits for the tab when the form mounts again (signing in again, Back), until saved', async () => {
    const { user } = renderForm();
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Pittsburgh');
    cleanup();
    const again = renderForm();
    expect(screen.getByLabelText('Location')).toHaveValue('Pittsburgh');
    expect(screen.getByLabelText('Phone')).toHaveValue(saved.phone);

    network.on('PUT', '/users', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    await again.user.type(screen.getByLabelText('LinkedIn'), 'https://linkedin.com/in/ada');
    await again.user.click(screen.getByRole('button', { name: 'Update profile' }));
    await waitFor(() => expect(again.onUpdated).toHaveBeenCalled());
    cleanup();
    renderForm();
    expect(screen.getByLabelText('Location')).toHaveValue('London');
  });

  it('sends nothing while a field is empty and says which one', async () => {
    const { user, onUpdated } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Update profile' }));

    expect(puts()).toEqual([]);
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    expect(screen.getByLabelText('Location')).not.toHaveAccessibleDescription(
      'Please fill in this field',
    );
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it('treats a field of blanks as empty', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), '   ');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));
    expect(puts()).toEqual([]);
  });

  it('sends all five fields, trimmed, then confirms', async () => {
    network.on('PUT', '/users', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const { user, onUpdated } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), ' linkedin.com/in/ada ');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));

    expect((await sentUpdate()).body).toEqual({
      email: 'ada@example.com',
      location: 'London',
      phone: '+44 20 7946 0000',
      education: 'Private tutors',
      linkedIn: 'https://linkedin.com/in/ada',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('successfully updated'));
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
  });

  it('tells the user when the server refuses the update', async () => {
    network.on('PUT', '/users', apiError(503, 'Service unavailable'));
    const { user, onUpdated } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), 'https://www.linkedin.com/in/ada');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Service unavailable'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(onUpdated).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update profile' })).toBeEnabled(),
    );
  });

  it.each(['javascript:alert(1)', 'ada', 'ftp://linkedin.com/in/ada'])(
    'refuses %s as a LinkedIn link before sending',
    async (link) => {
      const { user } = renderForm();
      await user.type(screen.getByLabelText('LinkedIn'), link);
      await user.click(screen.getByRole('button', { name: 'Update profile' }));

      expect(puts()).toEqual([]);
      expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription(
        RuleMessages.linkedInInvalid,
      );
    },
  );

  it('sends an http(s) LinkedIn link as typed', async () => {
    network.on('PUT', '/users', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), 'http://www.linkedin.com/in/ada');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));
    expect((await sentUpdate()).body).toMatchObject({ linkedIn: 'http://www.linkedin.com/in/ada' });
  });

  it('sends the optional company name and tax id, trimmed, with the five fields', async () => {
    network.on('PUT', '/users', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), 'https://www.linkedin.com/in/ada');
    await user.type(screen.getByLabelText('Company name (optional)'), ' Analytical Engines Ltd ');
    await user.type(screen.getByLabelText('Tax ID (optional)'), 'GB 123 4567 89');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));
    expect((await sentUpdate()).body).toMatchObject({
      location: 'London',
      company: 'Analytical Engines Ltd',
      taxId: 'GB 123 4567 89',
    });
  });

  it('refuses a malformed tax id before sending, with the rule', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('LinkedIn'), 'https://www.linkedin.com/in/ada');
    await user.type(screen.getByLabelText('Tax ID (optional)'), 'GB#123');
    await user.click(screen.getByRole('button', { name: 'Update profile' }));
    expect(puts()).toEqual([]);
    expect(screen.getByLabelText('Tax ID (optional)')).toHaveAccessibleDescription(
      BillingMessages.taxIdFormat,
    );
  });

  it('starts from the saved company name and tax id, and sends a cleared one empty to remove it', async () => {
    network.on('PUT', '/users', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const user = userEvent.setup();
    render(
      <ProfileForm
        email="ada@example.com"
        profile={{
          ...saved,
          linkedIn: 'https://www.linkedin.com/in/ada',
          company: 'AE Ltd',
          taxId: 'GB1',
        }}
      />,
      { wrapper: createServerDataWrapper() },
    );
    expect(screen.getByLabelText('Company name (optional)')).toHaveValue('AE Ltd');
    expect(screen.getByLabelText('Tax ID (optional)')).toHaveValue('GB1');
    await user.clear(screen.getByLabelText('Company name (optional)'));
    await user.click(screen.getByRole('button', { name: 'Update profile' }));
    expect((await sentUpdate()).body).toMatchObject({ company: '', taxId: 'GB1' });
  });
});
