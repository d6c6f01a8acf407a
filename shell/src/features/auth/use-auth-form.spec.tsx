/** @jest-environment jsdom */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { fireEvent } from '@testing-library/react';
import { useAuthForm } from './use-auth-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Sent = { email: string; password: string };

function SignIn({ send }: { send: (values: Sent) => Promise<void> }) {
  const form = useAuthForm({ email: '', password: '' }, () => ({}), send);
  const { error: _emailError, ...email } = form.field('email');
  const { error: _passwordError, ...password } = form.field('password');
  return (
    <form onSubmit={form.submit}>
      <input aria-label="Email" {...email} />
      <input aria-label="Password" type="password" {...password} />
      <button type="submit">Login</button>
    </form>
  );
}

/** The page as it comes prerendered, then hydrated: `beforeReact` acts on the plain HTML. */
async function prerenderedForm(beforeReact: (form: HTMLFormElement) => void) {
  const send = jest.fn(async (_values: Sent) => undefined);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn send={send} />);
  document.body.replaceChildren(container);
  const form = container.querySelector('form')!;
  beforeReact(form);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <SignIn send={send} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  expect(errors).toEqual([]);
  return { form, send, input: (name: string) => form.elements.namedItem(name) as HTMLInputElement };
}

test('what is typed into the prerendered fields before React runs is kept and sent', async () => {
  const { form, send, input } = await prerenderedForm((html) => {
    (html.elements.namedItem('email') as HTMLInputElement).value = 'early@example.com';
    (html.elements.namedItem('password') as HTMLInputElement).value = 'typed-early';
  });
  expect(input('email').value).toBe('early@example.com');
  await act(async () => void fireEvent.submit(form));
  expect(send).toHaveBeenCalledWith({ email: 'early@example.com', password: 'typed-early' });
});

test('typing goes on after the hydration from where it stood before it', async () => {
  const { form, send, input } = await prerenderedForm((html) => {
    (html.elements.namedItem('email') as HTMLInputElement).value = 'ear';
  });
  // (a key appends to what the field holds)
  const type = (name: string, keys: string) =>
    act(
      async () =>
        void fireEvent.change(input(name), { target: { value: input(name).value + keys } }),
    );
  await type('email', 'ly@x.io');
  await type('password', 'late');
  expect(input('email').value).toBe('early@x.io');
  await act(async () => void fireEvent.submit(form));
  expect(send).toHaveBeenCalledWith({ email: 'early@x.io', password: 'late' });
});

test('fields left alone before React runs start empty', async () => {
  const { form, send } = await prerenderedForm(() => undefined);
  await act(async () => void fireEvent.submit(form));
  expect(send).toHaveBeenCalledWith({ email: '', password: '' });
});
