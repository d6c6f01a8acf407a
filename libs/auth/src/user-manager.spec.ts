import { User } from 'oidc-client-ts';
import { setRuntimeConfig } from './runtime-config';
import { getUserManager, hasStoredUser } from './user-manager';

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ authority: 'http://id.test', clientId: 'toolshop-web' });
});

test('hasStoredUser finds the user exactly where oidc-client-ts stores it, without loading the library', async () => {
  expect(hasStoredUser()).toBe(false);
  const manager = await getUserManager();
  await manager.storeUser(
    new User({
      access_token: 'a',
      token_type: 'Bearer',
      profile: { sub: '1', iss: 'http://id.test', aud: 'toolshop-web', exp: 0, iat: 0 },
    }),
  );
  expect(hasStoredUser()).toBe(true);

  await manager.removeUser();
  expect(hasStoredUser()).toBe(false);
  manager.stopSilentRenew();
});

test('every manager created gets the setups registered before, once', async () => {
  const { onUserManagerCreated } = await import('./user-manager');
  const setup = jest.fn();
  onUserManagerCreated(setup);
  setRuntimeConfig({ authority: 'http://other-id.test', clientId: 'toolshop-web' });
  const manager = await getUserManager();
  expect(await getUserManager()).toBe(manager);
  expect(setup).toHaveBeenCalledTimes(1);
  expect(setup).toHaveBeenCalledWith(manager);
});
