/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ProfileRedirect } from './routes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p>{`${pathname}${search}${hash}`}</p>;
}

test("the verification link's /profile?emailVerified=1 goes on to the profile page, /dashboard, keeping the query", async () => {
  const container = document.createElement('div');
  await act(async () => {
    createRoot(container).render(
      <MemoryRouter initialEntries={['/profile?emailVerified=1#top']}>
        <Routes>
          <Route path="profile" element={<ProfileRedirect />} />
          <Route path="dashboard" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  });
  expect(container.textContent).toBe('/dashboard?emailVerified=1#top');
});
