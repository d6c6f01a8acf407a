/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { useTabDraft } from './tab-draft';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const blank = () => ({ title: '', body: '' });

beforeEach(() => sessionStorage.clear());

it('gives the draft back to the account that typed it, and to no other', () => {
  const typing = renderHook(() => useTabDraft('review', 'ada@example.com', blank));
  act(() => typing.result.current.change((v) => ({ ...v, title: 'Sharp saw' })));
  typing.unmount();
  expect(
    renderHook(() => useTabDraft('review', 'ada@example.com', blank)).result.current.values,
  ).toEqual({ title: 'Sharp saw', body: '' });
  expect(
    renderHook(() => useTabDraft('review', 'eve@example.com', blank)).result.current.values,
  ).toEqual(blank());
});

it("stays the typing account's when the session ends while the form is still on screen", () => {
  const typing = renderHook(({ email }) => useTabDraft('review', email, blank), {
    initialProps: { email: 'ada@example.com' },
  });
  act(() => typing.result.current.change((v) => ({ ...v, body: 'Cuts clean' })));
  // signed out: the form renders once more without an account before the page goes
  typing.rerender({ email: '' });
  typing.unmount();
  expect(
    renderHook(() => useTabDraft('review', 'ada@example.com', blank)).result.current.values,
  ).toEqual({ title: '', body: 'Cuts clean' });
});
