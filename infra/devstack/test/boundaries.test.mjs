// The module boundaries of eslint.config.mjs stay errors: each bad import below must fail lint with
// the workspace's real config (and a good one must not), and nx graph's edges are checked against
// the same tags and constraints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import {
  brokenConstraint,
  graphViolations,
  readProjects,
  shipsDependency,
  workspaceRoot,
} from '../../../eslint.boundaries.mjs';

const eslint = new ESLint({ cwd: workspaceRoot });

/** The boundary rules that `code`, placed at `file` (relative to the workspace root), breaks. */
async function broken(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(workspaceRoot, file) });
  return result.messages
    .map((m) => m.ruleId)
    .filter((rule) => rule === 'import-x/no-restricted-paths' || rule?.startsWith('toolshop/'))
    .sort();
}

const zone = ['import-x/no-restricted-paths'];
const boundary = ['toolshop/enforce-module-boundaries'];

test('a feature never imports another feature', async () => {
  assert.deepEqual(
    await broken('shell/src/features/navbar/probe.ts', "export * from '../auth/require-auth';"),
    zone,
  );
  assert.deepEqual(
    await broken('shell/src/features/navbar/probe.ts', "export * from './navbar';"),
    [],
  );
});

test('shared code never imports features or pages; features never import pages', async () => {
  const component = 'storefront-mfe/src/components/probe.ts';
  assert.deepEqual(await broken(component, "export * from '../features/hero/hero';"), zone);
  // (pages import components/, so this is also a folder cycle)
  assert.deepEqual(await broken(component, "export * from '../pages/home-page';"), [
    ...zone,
    'toolshop/no-folder-cycle',
  ]);
  // (the home page imports the hero: a folder cycle too)
  assert.deepEqual(
    await broken(
      'storefront-mfe/src/features/hero/probe.ts',
      "export * from '../../pages/home-page';",
    ),
    [...zone, 'toolshop/no-folder-cycle'],
  );
  assert.deepEqual(
    await broken('storefront-mfe/src/pages/probe.ts', "export * from '../features/hero/hero';"),
    [],
  );
});

test('no two folders of a project depend on each other, even through different files', async () => {
  // shell/src/app/routes.tsx imports ../composition/remote-page: composition may not import app back
  const probe = 'shell/src/composition/probe.ts';
  assert.deepEqual(await broken(probe, "export * from '../app/routes';"), [
    'toolshop/no-folder-cycle',
  ]);
  assert.deepEqual(await broken(probe, "export * from './remote-page';"), []);
});

test('libraries by package name only: no relative path out of a project, no src/ deep path', async () => {
  const file = 'shell/src/features/navbar/probe.ts';
  assert.deepEqual(
    await broken(file, "export * from '../../../../libs/auth/src/session';"),
    boundary,
  );
  assert.deepEqual(await broken(file, "export * from '@toolshop/auth/src/session';"), boundary);
  assert.deepEqual(await broken(file, "export * from '@toolshop/auth';"), []);
  // code outside every project is still reached by a package name, not a path
  const e2e = 'dashboard-mfe/e2e/probe.ts';
  assert.deepEqual(
    await broken(e2e, "export * from '../../infra/stripe-mock/stripe-stand-in.mjs';"),
    boundary,
  );
  assert.deepEqual(await broken(e2e, "export * from '@toolshop/stripe-mock';"), []);
  const jestConfig = 'libs/ui/jest.config.js';
  assert.deepEqual(
    await broken(jestConfig, "require('../../infra/devstack/jest/web-project.cjs');"),
    boundary,
  );
  assert.deepEqual(await broken(jestConfig, "require('../../jest.base.cjs');"), []);
});

test('apps depend only on libs; libs never on apps; remotes never on each other or the shell', async () => {
  assert.deepEqual(
    await broken('libs/ui/src/probe.ts', "export * from '@toolshop/shell';"),
    boundary,
  );
  assert.deepEqual(
    await broken('shell/src/probe.ts', "export * from '@toolshop/storefront-mfe';"),
    boundary,
  );
  assert.deepEqual(
    await broken('admin-mfe/src/probe.ts', "export * from '@toolshop/dashboard-mfe';"),
    boundary,
  );
  assert.deepEqual(
    await broken('admin-mfe/e2e/probe.ts', "export * from '@toolshop/devstack/e2e';"),
    [],
  );
});

test('what an app ships never depends on infra; its tests and tooling may', async () => {
  // shipped: src/ (not its tests) and the build config
  assert.deepEqual(
    await broken('shell/src/probe.ts', "export * from '@toolshop/devstack/stack.mjs';"),
    boundary,
  );
  assert.deepEqual(
    await broken(
      'storefront-mfe/rspack.config.mjs',
      "export * from '@toolshop/devstack/stack.mjs';",
    ),
    boundary,
  );
  assert.deepEqual(
    await broken('api/src/payments/probe.ts', "export * from '@toolshop/stripe-mock';"),
    boundary,
  );
  // the build factory and the web server are libraries
  assert.deepEqual(
    await broken('storefront-mfe/rspack.config.mjs', "export * from '@toolshop/rspack-app';"),
    [],
  );
  // tooling: browser tests, integration tests, a unit test beside the code
  assert.deepEqual(
    await broken('shell/e2e/probe.ts', "export * from '@toolshop/devstack/stack.mjs';"),
    [],
  );
  assert.deepEqual(await broken('api/test/probe.ts', "export * from '@toolshop/stripe-mock';"), []);
  assert.deepEqual(
    await broken('api/src/payments/probe.spec.ts', "export * from '@toolshop/stripe-mock';"),
    [],
  );
});

test('every project carries a scope:* and a type:* tag', () => {
  for (const project of readProjects()) {
    for (const kind of ['scope:', 'type:']) {
      assert.ok(
        project.tags.some((tag) => tag.startsWith(kind)),
        `${project.name} has no ${kind}* tag`,
      );
    }
  }
});

test("nx graph's edges are checked against the same constraints", () => {
  const node = (tags) => ({ data: { tags } });
  const graph = {
    graph: {
      nodes: { ui: node(['scope:shared', 'type:lib']), shell: node(['scope:shell', 'type:app']) },
      dependencies: {
        shell: [{ target: 'ui' }],
        ui: [{ target: 'shell' }, { target: 'npm:react' }],
      },
    },
  };
  assert.deepEqual(
    graphViolations(graph).map(({ source, target }) => `${source}->${target}`),
    ['ui->shell'],
  );
  // an app on an infra project: allowed only when no shipped file makes the edge
  const withInfra = {
    graph: {
      nodes: {
        shell: node(['scope:shell', 'type:app']),
        devstack: node(['scope:infra', 'type:infra']),
      },
      dependencies: { shell: [{ target: 'devstack' }] },
    },
  };
  assert.deepEqual(
    graphViolations(withInfra, () => false),
    [],
  );
  assert.deepEqual(
    graphViolations(withInfra, () => true).map(({ source, target }) => `${source}->${target}`),
    ['shell->devstack'],
  );
  // the real apps: their package.json and shipped files, not their browser tests
  assert.equal(shipsDependency('@toolshop/shell', '@toolshop/devstack'), false);
  assert.equal(shipsDependency('@toolshop/shell', '@toolshop/rspack-app'), true);
  assert.equal(shipsDependency('@toolshop/shell', '@toolshop/ui'), true);
  assert.equal(
    brokenConstraint({ tags: ['scope:admin', 'type:app'] }, { tags: ['scope:shared', 'type:lib'] }),
    undefined,
  );
});

test('the real nx graph breaks no constraint', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolshop-graph-'));
  try {
    const file = path.join(dir, 'graph.json');
    execFileSync(path.join(workspaceRoot, 'node_modules/.bin/nx'), ['graph', `--file=${file}`], {
      cwd: workspaceRoot,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      stdio: 'ignore',
    });
    const graph = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(Object.keys(graph.graph.nodes).length >= 10, 'nx graph lists the workspace projects');
    assert.deepEqual(graphViolations(graph), []);
    // and no project depends on itself through others
    const { nodes, dependencies } = graph.graph;
    const deps = (name) => (dependencies[name] ?? []).map((d) => d.target).filter((t) => nodes[t]);
    const done = new Set();
    const visit = (name, trail) => {
      assert.ok(!trail.includes(name), `project cycle: ${[...trail, name].join(' -> ')}`);
      if (done.has(name)) return;
      deps(name).forEach((dep) => visit(dep, [...trail, name]));
      done.add(name);
    };
    Object.keys(nodes).forEach((name) => visit(name, []));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
