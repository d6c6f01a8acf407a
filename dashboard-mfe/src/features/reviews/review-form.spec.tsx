import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { apiError, createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { ReviewForm } from './review-form';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop();
const posted = () => network.requests('POST', '/reviews');

function renderForm() {
  const onAdded = jest.fn();
  render(<ReviewForm onAdded={onAdded} />, { wrapper: createServerDataWrapper() });
  return {
    onAdded,
    user: userEvent.setup(),
    rating: screen.getByLabelText(/^Rating/),
    opinion: screen.getByLabelText('Your opinion'),
    submit: screen.getByRole('button', { name: 'Post review' }),
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

describe('ReviewForm', () => {
  it.each([
    ['6', 'Maximum Rating is 5'],
    ['0', 'Minimum rating is 1'],
    ['', 'Minimum rating is 1'],
    ['3.5', 'Give whole stars from 1 to 5'],
  ])('rating %p gives %p and sends nothing', async (value, message) => {
    const { user, rating, opinion, submit } = renderForm();
    if (value) await user.type(rating, value);
    await user.type(opinion, 'Solid drill');
    await user.click(submit);
    expect(rating).toHaveAccessibleDescription(message);
    expect(posted()).toEqual([]);
  });

  it('asks for an opinion', async () => {
    const { user, rating, opinion, submit } = renderForm();
    await user.type(rating, '4');
    await user.click(submit);
    expect(opinion).toHaveAccessibleDescription(
      expect.stringContaining('Please give short opinion'),
    );
    expect(posted()).toEqual([]);
  });

  it('moves focus to the first invalid field after a failed submit', async () => {
    const { user, rating, opinion, submit } = renderForm();
    await user.click(submit);
    expect(rating).toHaveFocus();
    await user.type(rating, '4');
    await user.click(submit);
    expect(opinion).toHaveFocus();
  });

  it('counts the opinion up to 200 characters and stops there', async () => {
    const { user, opinion } = renderForm();
    expect(screen.getByText('0/200 characters')).toBeInTheDocument();
    await user.type(opinion, 'Great');
    expect(screen.getByText('5/200 characters')).toBeInTheDocument();
    expect(opinion).toHaveAttribute('maxLength', '200');
  });

  it('posts a valid review, confirms and clears the form', async () => {
    network.on('POST', '/reviews', { acknowledged: true, insertedId: 'r1' });
    const { user, rating, opinion, submit, onAdded } = renderForm();
    await user.type(rating, '5');
    await user.type(opinion, '  Cuts like butter ');
    await user.click(submit);

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toEqual({ rating: 5, opinion: 'Cuts like butter' });
    expect(posted()[0]?.headers['Idempotency-Key']).toMatch(/^attempt-/);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added Review Successfully'));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    // The result takes the focus, so it is what is read next (after "Post review").
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Your review is posted.');
    expect(rating).toHaveValue(null);
    expect(opinion).toHaveValue('');
  });

  it('keeps what was typed for the tab when the form mounts again (signing in again, Back), until posted', async () => {
    const first = renderForm();
    await first.user.type(first.rating, '4');
    await first.user.type(first.opinion, 'Half a thought');
    cleanup();
    const again = renderForm();
    expect(again.rating).toHaveValue(4);
    expect(again.opinion).toHaveValue('Half a thought');

    network.on('POST', '/reviews', { acknowledged: true, insertedId: 'r2' });
    await again.user.click(again.submit);
    await waitFor(() => expect(again.onAdded).toHaveBeenCalled());
    cleanup();
    const afterwards = renderForm();
    expect(afterwards.opinion).toHaveValue('');
  });

  it('keeps the text when the server refuses it', async () => {
    network.on('POST', '/reviews', apiError(401, 'Unauthorized'));
    const { user, rating, opinion, submit, onAdded } = renderForm();
    await user.type(rating, '3');
    await user.type(opinion, 'Fine');
    await user.click(submit);

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unauthorized'));
    expect(onAdded).not.toHaveBeenCalled();
    expect(opinion).toHaveValue('Fine');
  });
});
