// Writes to one user record (profile saves, the sign-in upsert, admin assignment) never
// lose one another: each is one update with operators, atomic on MongoDB and FerretDB v2 alike.
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { DatabaseLocks } from '../src/common/lease-locks';
import { API_CONFIG, type ApiConfig } from '../src/config/config';
import { User } from '../src/users/user.schema';
import { UsersService } from '../src/users/users.service';
import { ADMIN, OTHER, TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const profile = (i: number) => ({
  email: OTHER,
  location: `City ${i}`,
  phone: `555-01${String(i).padStart(2, '0')}`,
  education: `School ${i}`,
  linkedIn: `https://www.linkedin.com/in/other-${i}`,
});

const userOf = (email: string) => api.db.collection('users').findOne({ email });

/** Another API process's UsersService: the same database, nothing shared in memory. */
function processes(count: number) {
  const model = api.app.get<Model<User>>(getModelToken(User.name));
  const config = api.app.get<ApiConfig>(API_CONFIG);
  const connection = api.app.get<Connection>(getConnectionToken());
  return Array.from(
    { length: count },
    () => new UsersService(model, config, new DatabaseLocks(connection)),
  );
}

it('keeps an admin assignment that races profile saves and sign-in upserts on several processes', async () => {
  const services = processes(3);
  for (let round = 0; round < 4; round++) {
    const email = `racer${round}@toolshop.test`;
    await services[0]!.ensureUser(email, `Racer ${round}`);
    const profileOf = (i: number) => ({ ...profile(i), email });
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => services[i % 3]!.updateProfile(email, profileOf(i))),
      ...Array.from({ length: 6 }, (_, i) => services[i % 3]!.updateProfile(email, { email })),
      services[round % 3]!.makeAdmin(email),
    ]);
    const user = await userOf(email);
    // The assignment is not undone by a save that read the record before it...
    expect(user?.role).toBe('admin');
    // ...and the record holds one whole profile of those sent, never lost nor mixed.
    const saved = Array.from({ length: 12 }, (_, i) => profileOf(i)).find(
      (sent) => sent.location === user?.location,
    );
    expect(saved).toBeDefined();
    expect(user).toMatchObject({ ...saved, name: `Racer ${round}` });
  }
});

it('keeps a profile save that races an admin assignment of an existing user', async () => {
  const token = api.tokens.other;
  await api.request('PUT', `/users?email=${OTHER}`, { token, body: { email: OTHER } });
  for (let round = 0; round < 3; round++) {
    await api.db.collection('users').updateOne({ email: OTHER }, { $unset: { role: 1 } });
    const [saved, made] = await Promise.all([
      api.request('PUT', `/users?email=${OTHER}`, { token, body: profile(round) }),
      api.request('PUT', `/user/admin/${OTHER}`, { token: api.tokens.admin }),
    ]);
    expect([saved.status, made.status]).toEqual([200, 200]);
    const user = await userOf(OTHER);
    expect(user).toMatchObject({ ...profile(round), role: 'admin' });
  }
  expect((await userOf(ADMIN))?.role).toBe('admin');
});

it("creates one record when several processes see a new user's first requests at once", async () => {
  // Several rounds: on FerretDB v2 a lost race of these writes is sometimes a deadlock, not E11000.
  // Each process sees five requests of the user at once (a page's first calls): none may fail,
  // since a failed ensureUser answers 401 to a valid token.
  for (let round = 0; round < 10; round++) {
    const email = `newcomer${round}@toolshop.test`;
    const services = processes(3);
    await Promise.all([
      ...services.flatMap((service) =>
        Array.from({ length: 5 }, () => service.ensureUser(email, 'Nina Newcomer')),
      ),
      ...services.map((service) => service.updateProfile(email, { email })),
    ]);
    expect(await api.db.collection('users').countDocuments({ email })).toBe(1);
  }
  // Ten rounds of lost races retried with growing pauses: over a minute on a busy machine.
}, 180_000);
