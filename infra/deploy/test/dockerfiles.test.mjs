import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { checkDockerfile, ignoreMatcher } from './dockerfile-context.mjs';

const dockerDir = join(import.meta.dirname, '../docker');
const dockerfiles = readdirSync(dockerDir).filter((name) => name.endsWith('.Dockerfile'));

describe('container images: each Dockerfile against the repository as its build context', () => {
  it('has one image per app', () => {
    assert.deepEqual(dockerfiles.sort(), [
      'api.Dockerfile',
      'identity.Dockerfile',
      'registry.Dockerfile',
      'web.Dockerfile',
    ]);
  });

  for (const name of dockerfiles) {
    it(`${name}: every COPY source exists and is not ignored, every build script exists, non-root, HEALTHCHECK`, () => {
      assert.deepEqual(checkDockerfile(join(dockerDir, name), repoRoot), []);
    });
  }

  it('keeps dependencies, builds, secrets and data out of the context', () => {
    const ignored = ignoreMatcher(readFileSync(join(repoRoot, '.dockerignore'), 'utf8'));
    for (const path of [
      'node_modules/x',
      'api/node_modules/x',
      'api/dist/main.js',
      '.git/HEAD',
      'data/db',
      '.env',
      'infra/identity/keys/jwks.json',
      'a/b.pem',
    ])
      assert.equal(ignored(path), true, path);
    for (const path of [
      'api/src/main.ts',
      'package-lock.json',
      'libs/settings/src/index.cjs',
      'infra/deploy/web/serve.mjs',
    ])
      assert.equal(ignored(path), false, path);
  });

  it('web: the static server imports only what the image carries (Node built-ins and @toolshop/settings)', () => {
    const carried =
      /^(node:|@toolshop\/settings\/repo-root$|@toolshop\/web-server\/static-server\.mjs$|\.\/remote-registry\.mjs$|\.\/operations\.mjs$|\.\/preview\.mjs$)/;
    for (const file of [
      'infra/deploy/web/serve.mjs',
      'infra/deploy/web/operations.mjs',
      'libs/web-server/src/static-server.mjs',
      'libs/web-server/src/remote-registry.mjs',
      'libs/web-server/src/preview.mjs',
    ]) {
      const source = readFileSync(join(repoRoot, file), 'utf8');
      const imports = [
        ...source.matchAll(
          /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm,
        ),
      ].map((match) => match[1] ?? match[2]);
      assert.ok(imports.length > 0, file);
      assert.deepEqual(
        imports.filter((specifier) => !carried.test(specifier)),
        [],
        `${file}: add these to web.Dockerfile`,
      );
    }
  });

  it('finds the mistakes it is for (a missing source, an unknown script, a root final stage)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshop-dockerfile-'));
    try {
      const file = join(dir, 'bad.Dockerfile');
      writeFileSync(
        file,
        [
          'FROM node:24 AS build',
          'WORKDIR /repo',
          'COPY no-such-dir ./x',
          'COPY node_modules ./y',
          'RUN npm ci && npm run bundle -w @toolshop/api && npm run build -w @toolshop/nothing',
          'FROM node:24',
          'COPY --from=build /repo/api/dist dist',
          'COPY --from=nowhere /x /x',
          'CMD ["node", "dist/main.js"]',
        ].join('\n'),
      );
      const problems = checkDockerfile(file, repoRoot);
      for (const expected of [
        /COPY no-such-dir: not in the build context/,
        /COPY node_modules: excluded by .dockerignore/,
        /npm run bundle -w @toolshop\/api: api\/package.json has no "bundle" script/,
        /npm run build -w @toolshop\/nothing: no such workspace/,
        /COPY --from=build \/repo\/api\/dist: stage build does not make it/,
        /COPY --from=nowhere: no earlier stage/,
        /non-root USER/,
        /no HEALTHCHECK/,
      ])
        assert.ok(
          problems.some((problem) => expected.test(problem)),
          `${expected} in ${JSON.stringify(problems)}`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
