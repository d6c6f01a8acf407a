import { matchRoutes } from 'react-router';
import { profileRedirect, routes } from './routes';

describe('the verification link target /profile', () => {
  it('is routed, not the not-found page', () => {
    const matched = matchRoutes(routes, '/profile')?.at(-1)?.route;
    expect(matched?.path).toBe('profile');
    expect(matched?.loader).toBe(profileRedirect);
  });

  it('sends the user on to the profile page, /dashboard, keeping ?emailVerified=1', () => {
    const request = new Request('http://localhost:3000/profile?emailVerified=1');
    const answer = profileRedirect({ request, params: {}, context: undefined } as Parameters<typeof profileRedirect>[0]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/dashboard?emailVerified=1');
  });
});
