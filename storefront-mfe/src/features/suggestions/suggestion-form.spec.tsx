import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { Messages } from '@toolshop/contracts';
import { SuggestionForm } from './suggestion-form';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: null });

beforeEach(() => jest.clearAllMocks());

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send suggestion' }));

it('opens the Oops dialog instead of sending a half-filled suggestion', () => {
  render(<SuggestionForm />, { wrapper: createServerDataWrapper() });
  fireEvent.change(screen.getByLabelText('Your email or name'), { target: { value: 'Ada' } });
  send();

  const dialog = screen.getByRole('dialog');
  expect(dialog.textContent).toContain(Messages.suggestionDialogTitle);
  expect(dialog.textContent).toContain(Messages.suggestionIncomplete);
  expect(network.requests('POST')).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('sends a complete suggestion, thanks the visitor and clears the form', async () => {
  network.on('POST', '/suggestions', { insertedId: 's1' });
  render(<SuggestionForm />, { wrapper: createServerDataWrapper() });
  fireEvent.change(screen.getByLabelText('Your email or name'), {
    target: { value: ' ada@example.com ' },
  });
  fireEvent.change(screen.getByLabelText('Your suggestion'), {
    target: { value: 'A 12 V planer' },
  });
  send();

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.suggestionAdded));
  const sent = network.last('POST', '/suggestions');
  expect(sent.body).toEqual({ email: 'ada@example.com', opinion: 'A 12 V planer' });
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
  expect(screen.getByLabelText('Your suggestion')).toHaveProperty('value', '');
});
