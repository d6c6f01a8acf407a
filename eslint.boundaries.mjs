// The workspace's module boundaries as lint rules: which project may depend on which (Nx tags and
// depConstraints, read from the same package.json "nx" fields that `nx graph` reads), libraries by
// package name only, and the feature zones inside each app (features import only themselves; shared
// code never imports features, pages or app code).
import fs from 'node:fs';
import path from 'node:path';

export const workspaceRoot = import.meta.dirname;

// Who may depend on whom. Every constraint whose sourceTag a project carries must hold for each of
// its dependencies (as in @nx/enforce-module-boundaries): the dependency carries one of the allowed tags.
// These hold for what a project ships (isShipped); an app's tooling has toolingDepConstraints.
export const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:lib', 'type:infra'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  {
    sourceTag: 'scope:shell',
    onlyDependOnLibsWithTags: ['scope:shell', 'scope:shared', 'scope:infra'],
  },
  {
    sourceTag: 'scope:storefront',
    onlyDependOnLibsWithTags: ['scope:storefront', 'scope:shared', 'scope:infra'],
  },
  {
    sourceTag: 'scope:dashboard',
    onlyDependOnLibsWithTags: ['scope:dashboard', 'scope:shared', 'scope:infra'],
  },
  {
    sourceTag: 'scope:admin',
    onlyDependOnLibsWithTags: ['scope:admin', 'scope:shared', 'scope:infra'],
  },
  {
    sourceTag: 'scope:api',
    onlyDependOnLibsWithTags: ['scope:api', 'scope:shared', 'scope:infra'],
  },
  { sourceTag: 'scope:infra', onlyDependOnLibsWithTags: ['scope:infra', 'scope:shared'] },
];

// An app's tooling (its browser and integration tests, benchmarks, scripts: every file but what it
// ships) may also use the infra projects: the launcher and its fixtures, the stand-ins.
export const toolingDepConstraints = depConstraints.map((c) =>
  c.sourceTag === 'type:app'
    ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:infra'] }
    : c,
);

const isTest = (file) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(file);

/** Whether `file` (absolute) is what `project` ships: its src/ without the tests, and its build config. */
export function isShipped(project, file) {
  const [first, ...rest] = path.relative(project.root, file).split(path.sep);
  if (first === 'src') return !isTest(file);
  return rest.length === 0 && /^rspack\.config\.[cm]?[jt]s$/.test(first);
}

/** The npm workspaces (= Nx projects): package name, absolute root, tags. */
export function readProjects(root = workspaceRoot) {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const roots = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
  return roots
    .filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      return { name: pkg.name, root: path.join(root, dir), tags: pkg.nx?.tags ?? [] };
    });
}

/** The constraint a dependency from `source` on `target` breaks, if any. */
export function brokenConstraint(source, target, constraints = depConstraints) {
  if (source === target) return undefined;
  return constraints.find(
    (c) =>
      source.tags.includes(c.sourceTag) &&
      !c.onlyDependOnLibsWithTags.some((tag) => target.tags.includes(tag)),
  );
}

const projects = readProjects();
const projectOfFile = (file) =>
  projects
    .filter((p) => file === p.root || file.startsWith(p.root + path.sep))
    .sort((a, b) => b.root.length - a.root.length)[0];
const projectOfPackage = (specifier) =>
  projects.find((p) => specifier === p.name || specifier.startsWith(p.name + '/'));

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Nx project boundaries: tags and depConstraints; libraries by package name only',
    },
    schema: [],
    messages: {
      constraint:
        'A project tagged "{{sourceTag}}" may only depend on projects tagged {{allowed}}: {{source}} must not import {{target}}.',
      relative:
        'Import {{target}} by its package name, not by a relative path out of {{source}} (CONTRIBUTING: boundaries).',
      untagged:
        '{{target}} has no Nx tags: give its package.json an "nx": { "tags": [...] } field.',
      deep: 'Import {{target}} by its package name or a path it exports, never its src/ folder.',
    },
  },
  create(context) {
    const file = context.filename;
    const source = projectOfFile(file);
    if (!source) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), specifier);
        target = projectOfFile(resolved);
        // Out of the project, a relative path may only reach a file at the workspace root (a
        // shared base config such as jest.base.cjs); code elsewhere is a package, imported by name.
        // A third-party file reached by path (past its package's exports) is no workspace boundary.
        const atRoot = path.dirname(resolved) === workspaceRoot;
        const external = resolved.startsWith(path.join(workspaceRoot, 'node_modules') + path.sep);
        if (target !== source && !atRoot && !external) {
          context.report({
            node,
            messageId: 'relative',
            data: {
              source: source.name,
              target: target?.name ?? path.relative(workspaceRoot, resolved),
            },
          });
          return;
        }
      } else {
        target = projectOfPackage(specifier);
        if (target && /^[^/]*\/[^/]*\/src(\/|$)/.test(specifier)) {
          context.report({ node, messageId: 'deep', data: { target: target.name } });
          return;
        }
      }
      if (!target || target === source) return;
      if (target.tags.length === 0) {
        context.report({ node, messageId: 'untagged', data: { target: target.name } });
        return;
      }
      const constraints = isShipped(source, file) ? depConstraints : toolingDepConstraints;
      const broken = brokenConstraint(source, target, constraints);
      if (broken) {
        context.report({
          node,
          messageId: 'constraint',
          data: {
            sourceTag: broken.sourceTag,
            allowed: broken.onlyDependOnLibsWithTags.map((t) => `"${t}"`).join(' or '),
            source: source.name,
            target: target.name,
          },
        });
      }
    };
    const checkSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => {
        const [arg] = node.arguments;
        const isRequire = node.callee.type === 'Identifier' && node.callee.name === 'require';
        const isMock =
          node.callee.type === 'MemberExpression' && node.callee.object.name === 'jest';
        if ((isRequire || isMock) && arg?.type === 'Literal') check(arg, arg.value);
      },
    };
  },
};

// Folder cycles: import-x/no-cycle sees files only, so two folders can still depend on each other
// through different files (the API's auth/ and users/ did). A folder is a first-level folder of a
// project's src/ (an API domain, a remote's pages/ or lib/), or one feature in src/features/.
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

/** The folder of `file` inside `src`, or undefined for a file directly in src/ or outside it. */
export function folderOf(src, file) {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return undefined;
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0];
}

const folderGraphs = new Map();
/** Folder -> the folders its (non-test) files import, for the src/ folder of one project. */
export function folderGraph(src) {
  if (folderGraphs.has(src)) return folderGraphs.get(src);
  const graph = new Map();
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
      return /\.[cm]?[jt]sx?$/.test(entry.name) && !isTest(full) ? [full] : [];
    });
  for (const file of fs.existsSync(src) ? walk(src) : []) {
    const from = folderOf(src, file);
    if (!from) continue;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = folderOf(src, path.resolve(path.dirname(file), specifier));
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  folderGraphs.set(src, graph);
  return graph;
}

/** A path of folders from `start` back to `goal`, if there is one. */
export function folderPath(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const trail = queue.shift();
    for (const next of graph.get(trail.at(-1)) ?? []) {
      if (next === goal) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...trail, next]);
    }
  }
  return undefined;
}

const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'No two folders of a project depend on each other, even through different files',
    },
    schema: [],
    messages: {
      cycle:
        'Folder cycle: {{trail}}. Move the shared piece to a folder both can import, or invert the dependency.',
    },
  },
  create(context) {
    const file = context.filename;
    const project = projectOfFile(file);
    if (!project || isTest(file)) return {};
    const src = path.join(project.root, 'src');
    const from = folderOf(src, file);
    if (!from) return {};
    const check = (node) => {
      const specifier = node.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(src, path.resolve(path.dirname(file), specifier));
      if (!to || to === from) return;
      const back = folderPath(folderGraph(src), to, from);
      if (back)
        context.report({ node, messageId: 'cycle', data: { trail: [from, ...back].join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};

export const boundariesPlugin = {
  rules: { 'enforce-module-boundaries': moduleBoundaries, 'no-folder-cycle': noFolderCycle },
};

/**
 * Zones inside one app's src/ for import-x/no-restricted-paths: a feature imports only itself;
 * shared code (components/, lib/, testing/) never imports features, pages or app code; features never
 * import pages or app code. Features are read from the folders, so a new one is covered at once.
 */
export function appZones(app, root = workspaceRoot) {
  const src = path.join(root, app, 'src');
  const dirs = (folder) =>
    fs.existsSync(path.join(src, folder))
      ? fs
          .readdirSync(path.join(src, folder), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
      : [];
  const appCode = ['pages', 'app', 'harness', 'composition'].map((dir) => `./${app}/src/${dir}`);
  const features = dirs('features').map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message:
      'Features never import each other: move the shared piece to components/ or lib/, or compose them in a page.',
  }));
  const shared = ['components', 'lib', 'testing'].map((dir) => ({
    target: `./${app}/src/${dir}`,
    from: [`./${app}/src/features`, ...appCode],
    message:
      'Shared code never imports features, pages or app code (imports flow shared -> features -> app).',
  }));
  const featuresToApp = {
    target: `./${app}/src/features`,
    from: appCode,
    message: 'Features never import pages or app code (imports flow shared -> features -> app).',
  };
  return [...features, ...shared, featuresToApp];
}

/**
 * Whether what the project `source` ships depends on the project `target`: a runtime dependency in
 * its package.json, or an import of it in a shipped file. True for a project not in the workspace.
 */
export function shipsDependency(source, target, root = workspaceRoot) {
  const project = readProjects(root).find((p) => p.name === source);
  if (!project) return true;
  const pkg = JSON.parse(fs.readFileSync(path.join(project.root, 'package.json'), 'utf8'));
  if (pkg.dependencies?.[target]) return true;
  const escaped = target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const imports = new RegExp(`['"]${escaped}(/[^'"]*)?['"]`);
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory())
        return ['node_modules', 'dist'].includes(entry.name) ? [] : walk(full);
      return /\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
    });
  return walk(project.root)
    .filter((file) => isShipped(project, file))
    .some((file) => imports.test(fs.readFileSync(file, 'utf8')));
}

/**
 * The edges of `nx graph --file=graph.json` that break a constraint (lint and the graph read the
 * same tags). The graph does not say which files make an edge: one that only tooling makes (an
 * app's browser tests on the launcher, `shipsDependency` false) is held to toolingDepConstraints.
 */
export function graphViolations(graph, ships = shipsDependency) {
  const { nodes, dependencies } = graph.graph;
  const project = (name) => ({ name, tags: nodes[name].data.tags ?? [] });
  return Object.entries(dependencies).flatMap(([source, deps]) =>
    deps
      .filter((dep) => nodes[dep.target])
      .map((dep) => {
        const edge = [project(source), project(dep.target)];
        const broken =
          brokenConstraint(...edge) &&
          brokenConstraint(
            ...edge,
            ships(source, dep.target) ? depConstraints : toolingDepConstraints,
          );
        return { source, target: dep.target, broken };
      })
      .filter((edge) => edge.broken),
  );
}

// `node eslint.boundaries.mjs graph.json`: check a graph written by `nx graph --file=graph.json`.
if (process.argv[1] === import.meta.filename) {
  const graph = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const untagged = Object.entries(graph.graph.nodes)
    .filter(
      ([, node]) =>
        !['scope:', 'type:'].every((kind) => node.data.tags?.some((tag) => tag.startsWith(kind))),
    )
    .map(([name]) => name);
  for (const name of untagged) console.log(`${name} has no scope:* or type:* tag`);
  const violations = graphViolations(graph);
  for (const { source, target, broken } of violations)
    console.log(`${source} -> ${target} breaks ${broken.sourceTag}`);
  const edges = Object.values(graph.graph.dependencies)
    .flat()
    .filter((dep) => graph.graph.nodes[dep.target]).length;
  console.log(
    `${Object.keys(graph.graph.nodes).length} projects, ${edges} dependencies, ${violations.length} breaking a constraint`,
  );
  process.exitCode = violations.length || untagged.length ? 1 : 0;
}
