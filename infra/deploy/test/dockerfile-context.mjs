// Checks a Dockerfile against its build context without a container engine: every COPY source
// exists in the context and is not excluded by .dockerignore, every `npm run <script> -w <ws>`
// names a workspace that has that script, every `COPY --from` names an earlier stage and copies
// a path that stage made (from the context, or a directory its build writes), and the final
// stage runs as a non-root user with a HEALTHCHECK.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The instructions of a Dockerfile: continuation lines joined, comments dropped. */
export function instructions(text) {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** .dockerignore patterns as regular expressions (`*`, `**`, leading `!` not used here). */
export function ignoreMatcher(text) {
  const patterns = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((pattern) => {
      const source = pattern
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .map((part) =>
          part === '**'
            ? '.*'
            : part
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\.\*\//g, '(?:.*/)?');
      return new RegExp(`^${source}(?:/.*)?$`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path.replace(/^\.\//, '')));
}

const workspaceDirs = (root) => {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dirs = new Map();
  for (const entry of workspaces) {
    const candidates = entry.endsWith('/*')
      ? readdirNames(join(root, entry.slice(0, -2))).map((name) => `${entry.slice(0, -2)}/${name}`)
      : [entry];
    for (const dir of candidates) {
      const file = join(root, dir, 'package.json');
      if (existsSync(file)) dirs.set(JSON.parse(readFileSync(file, 'utf8')).name, dir);
    }
  }
  return dirs;
};

function readdirNames(dir) {
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}

/** The problems of one Dockerfile in the context `root` (empty when it would build). */
export function checkDockerfile(dockerfile, root) {
  const problems = [];
  const ignored = ignoreMatcher(
    existsSync(join(root, '.dockerignore'))
      ? readFileSync(join(root, '.dockerignore'), 'utf8')
      : '',
  );
  const workspaces = workspaceDirs(root);
  const steps = instructions(readFileSync(dockerfile, 'utf8'));
  const stages = [];
  let current;
  for (const { keyword, args } of steps) {
    if (keyword === 'FROM') {
      const [, name] = /\bAS\s+(\S+)/i.exec(args) ?? [];
      current = {
        name,
        copied: new Set(),
        written: new Set(),
        user: undefined,
        healthcheck: false,
        workdir: '/',
      };
      stages.push(current);
      continue;
    }
    if (!current) {
      if (keyword !== 'ARG') problems.push(`${keyword} before the first FROM`);
      continue;
    }
    if (keyword === 'WORKDIR') current.workdir = args;
    if (keyword === 'USER') current.user = args;
    if (keyword === 'HEALTHCHECK') current.healthcheck = !/^NONE\b/i.test(args);
    if (keyword === 'COPY' || keyword === 'ADD') {
      const parts = args.split(/\s+/);
      const flags = parts.filter((part) => part.startsWith('--'));
      const [destination, ...sources] = parts.filter((part) => !part.startsWith('--')).reverse();
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice(7);
      for (const source of sources.reverse()) {
        if (from) {
          const stage = stages.find((candidate) => candidate.name === from);
          if (!stage || stage === current) {
            problems.push(`COPY --from=${from}: no earlier stage of that name`);
            continue;
          }
          const made = [...stage.copied, ...stage.written].some(
            (path) =>
              source === path || source.startsWith(`${path}/`) || path.startsWith(`${source}/`),
          );
          if (!made) problems.push(`COPY --from=${from} ${source}: stage ${from} does not make it`);
        } else if (source === '.') {
          current.copied.add(current.workdir);
        } else {
          if (!existsSync(join(root, source)))
            problems.push(`COPY ${source}: not in the build context`);
          else if (ignored(source)) problems.push(`COPY ${source}: excluded by .dockerignore`);
          current.copied.add(join(current.workdir, source));
        }
      }
      current.copied.add(
        destination.startsWith('/') ? destination : join(current.workdir, destination),
      );
    }
    if (keyword === 'RUN') {
      for (const [, script, workspace] of args.matchAll(
        /npm run ([\w:-]+)(?: --silent)? (?:-w|--workspace=?)\s*(\S+)/g,
      )) {
        const dir = workspaces.get(workspace);
        if (!dir) {
          problems.push(`RUN npm run ${script} -w ${workspace}: no such workspace`);
          continue;
        }
        if (ignored(`${dir}/package.json`))
          problems.push(`${dir}: excluded by .dockerignore, yet built`);
        const { scripts = {} } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
        if (!scripts[script])
          problems.push(
            `RUN npm run ${script} -w ${workspace}: ${dir}/package.json has no "${script}" script`,
          );
        // A build writes its dist/ (where the later stages copy it from).
        if (script === 'build') current.written.add(join(current.workdir, dir, 'dist'));
      }
      for (const [, workspace] of args.matchAll(/npm ci [^&]*?(?:-w|--workspace=?)\s*(\S+)/g)) {
        if (!workspaces.has(workspace))
          problems.push(`RUN npm ci -w ${workspace}: no such workspace`);
      }
      if (/\bnpm ci\b/.test(args)) current.written.add(join(current.workdir, 'node_modules'));
      for (const [, made] of args.matchAll(
        /(?:mkdir -p|cp -r \S+|cp \S+|ln -s \S+|echo \w+ >)\s+(\/\S+)/g,
      ))
        current.written.add(made);
      for (const [, made] of args.matchAll(/mkdir -p((?:\s+\/\S+)+)/g))
        for (const path of made.trim().split(/\s+/)) current.written.add(path);
    }
  }
  const last = stages.at(-1);
  if (stages.length < 2) problems.push('not a multi-stage build');
  if (!last?.user || /^(root|0)(:|$)/.test(last.user))
    problems.push('the final stage must run as a non-root USER');
  if (!last?.healthcheck) problems.push('the final stage has no HEALTHCHECK');
  if (!steps.some(({ keyword }) => keyword === 'CMD' || keyword === 'ENTRYPOINT'))
    problems.push('no CMD');
  return problems;
}
