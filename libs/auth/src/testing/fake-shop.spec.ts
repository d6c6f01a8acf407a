import { api, ApiError, useAuth } from '../index';
import { apiError, network, signInAs, unreachable, useFakeShop } from './index';

useFakeShop();

describe('the fake shop under the real library', () => {
  it('answers the API client from its routes and records the request as sent', async () => {
    network.on('GET', '/tools', [{ _id: 't1' }]);
    await expect(api.get('/tools?q=saw')).resolves.toEqual([{ _id: 't1' }]);
    const sent = network.last('GET', '/tools');
    expect(sent.path).toBe('/tools?q=saw');
    expect(sent.headers.Authorization).toBe('Bearer token-of-ada@example.com');
  });

  it('turns an error answer into the library ApiError, and no answer into a rejection', async () => {
    network.once('POST', '/orders', apiError(409, 'Sold out')).on('POST', '/orders', unreachable);
    const refusal = api.post('/orders', { toolId: 't1' }, { idempotent: true });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 409, message: 'Sold out' });
    await expect(api.post('/orders', {})).rejects.toThrow('Failed to fetch');
    expect(network.requests('POST', '/orders').map((r) => r.body)).toEqual([{ toolId: 't1' }, {}]);
    expect(network.requests('POST', '/orders')[0]?.headers['Idempotency-Key']).toMatch(/^attempt-/);
  });

  it('answers 404 for a route no test set up', async () => {
    await expect(api.get('/nothing')).rejects.toMatchObject({ status: 404 });
  });

  it('signs in an admin in the real store', () => {
    signInAs('admin');
    expect(useAuth.getState()).toMatchObject({
      status: 'signedIn',
      isAdmin: true,
      adminChecked: true,
    });
  });
});
