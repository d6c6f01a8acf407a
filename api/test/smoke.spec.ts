import { TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

it('answers', async () => {
  const answer = await api.request('GET', '/tools');
  expect(answer.status).toBe(200);
  const me = await api.request('GET', `/admin/customer@toolshop.test`, { token: api.tokens.customer });
  expect(me.body).toEqual({ admin: false });
});
