// One Rspack + Module Federation 2 configuration for the shell and every remote, so all four apps
// share React, the router and the auth store the same way (a second copy of any of them is a bug).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { repoRoot } from '@toolshop/settings/repo-root';
import { harnessDevPorts } from '@toolshop/settings';
import { sharedPackages, sharedWorkspaceLibs } from '@toolshop/routes';
import { basePorts, devRuntimeFiles } from '@toolshop/web-server/runtime-files.mjs';

const require = (path) => JSON.parse(readFileSync(path, 'utf8'));

// react-router's package exports point every bundler at its development build (a known, open issue
// upstream); production builds take its production build instead (no dev warnings).
const reactRouterProduction = {
  'react-router$': join(repoRoot, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': join(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

// By package name, not by path: a shared module's request is written into every app's entry, and
// an absolute path would also differ with the checkout's folder.
const reactRouterBrowser = '@toolshop/rspack-app/react-router-browser.mjs';
const reactQueryBrowser = '@toolshop/rspack-app/react-query-browser.mjs';
const reactToastifyShared = '@toolshop/rspack-app/react-toastify-shared.mjs';
// Shared modules no first render needs: loaded on demand, never preloaded (see react-toastify-shared.mjs).
const onDemandShared = ['react-toastify'];

// The browsers the shop is built for, for scripts (SWC) and stylesheets (Lightning CSS) alike.
// Left to its default ("fully supports es6"), the CSS minimizer turned every `text-align: start`
// and inline margin into three rules of 19 `:lang()` tests each, which every table cell was
// matched against: most of the style work of a table's new rows.
const browserTargets = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4';

// The wrench on the brand colour, inlined (no request, no 404 in the console), as a 32 px PNG: Chromium
// decodes a page's icon again at every client-side navigation, on the main thread, and an SVG icon
// cost 10-21 ms of each at 4x CPU (a document of its own is built for it); the PNG, under 0.5 ms.
const favicon = `data:image/png;base64,${readFileSync(new URL('./favicon.png', import.meta.url)).toString('base64')}`;

// The shared singletons are one list (@toolshop/routes), which the registry's gate requires too.
// Not @toolshop/contracts: it holds no state, so each app bundles the parts it uses (its ES module
// build, tree-shaken); shared, every page carried all of it, validation and messages included.
const singletons = sharedPackages;
const workspaceLibs = sharedWorkspaceLibs;

/**
 * Shared modules that always load together, one chunk each instead of a chunk per module and
 * package (React's four were four requests): fewer requests, and fewer small files each compressed
 * on its own (1.8 kB gzip less on the home page).
 */
const sharedChunkGroups = Object.fromEntries(
  Object.entries({
    react: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    'react-router':
      /[\\/](node_modules[\\/]react-router[\\/]|libs[\\/]rspack-app[\\/]src[\\/]react-router-browser\.mjs$)/,
    'react-query':
      /[\\/](node_modules[\\/]@tanstack[\\/]|libs[\\/]rspack-app[\\/]src[\\/]react-query-browser\.mjs$)/,
  }).map(([name, test]) => [name, { test, name, chunks: 'async', enforce: true, priority: 20 }]),
);

/**
 * The shared-scope entries of CONTRIBUTING.md: singletons, their subpaths, and the workspace libs.
 * @param {{ production?: boolean }} [options]
 */
export function sharedModules({ production = false } = {}) {
  const shared = {};
  // The workspace libs at their package.json's version too: the registry's gate refuses a remote
  // built against a newer one than the shell provides (the shell's copy is the one that runs).
  for (const name of [...singletons, ...workspaceLibs]) {
    const { version } = require(join(repoRoot, 'node_modules', name, 'package.json'));
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
  }
  if (production) {
    // The one react-router instance of a production build is its browser API (react-router-browser.mjs).
    const { requiredVersion } = shared['react-router'];
    shared['react-router'] = {
      ...shared['react-router'],
      import: reactRouterBrowser,
      version: requiredVersion.slice(1),
    };
  }
  // TanStack Query's client and hooks, without what no app uses (react-query-browser.mjs).
  const query = shared['@tanstack/react-query'];
  shared['@tanstack/react-query'] = {
    ...query,
    import: reactQueryBrowser,
    version: query.requiredVersion.slice(1),
  };
  // react-toastify tells the shell when it is loaded (the shell then mounts its toast container).
  const toastify = shared['react-toastify'];
  shared['react-toastify'] = {
    ...toastify,
    import: reactToastifyShared,
    version: toastify.requiredVersion.slice(1),
  };
  // Bare names match exact imports only; react/jsx-runtime and react-dom/client need the prefixes.
  for (const prefix of ['react/', 'react-dom/', 'react-router/']) {
    shared[prefix] = { singleton: true, requiredVersion: false };
  }
  return shared;
}

/**
 * @param {{
 *   name: string,              // Module Federation name: shell | storefront | dashboard | admin
 *   appRoot: string,           // the app's folder (import.meta.dirname of its rspack.config.mjs)
 *   port?: number,             // dev server port at offset 0 (default: the app's port in @toolshop/settings)
 *   title: string,
 *   description?: string,     // the page's meta description
 *   exposes?: Record<string, string>,
 *   isHost?: boolean,
 *   prerender?: PrerenderOptions,
 * }} options
 */
export function createFederatedAppConfig({
  name,
  appRoot,
  port = basePorts[name],
  title,
  description = 'Toolshop: power tools for professionals, ordered straight from the manufacturer.',
  exposes = {},
  isHost = false,
  prerender,
}) {
  return (env = {}, argv = {}) => {
    const serving = Boolean(env.RSPACK_SERVE);
    const production = (argv.mode ?? (serving ? 'development' : 'production')) === 'production';
    const refresh = serving && !production;
    const offset = Number(process.env.TOOLSHOP_PORT_OFFSET ?? 0);
    const pageTitle = isHost ? title : `${title} (standalone)`;

    return {
      mode: production ? 'production' : 'development',
      context: appRoot,
      entry: { main: './src/index.ts' },
      // Production builds ship no source maps: the published code is not handed out readable.
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: join(appRoot, 'dist'),
        publicPath: 'auto',
        uniqueName: `toolshop_${name}`,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
        alias: {
          ...(production ? reactRouterProduction : {}),
        },
      },
      module: { rules: moduleRules({ name, production, refresh }) },
      optimization: {
        runtimeChunk: false,
        minimize: production,
        minimizer: [
          new rspack.SwcJsMinimizerRspackPlugin(),
          new rspack.LightningCssMinimizerRspackPlugin({
            minimizerOptions: { targets: browserTargets },
          }),
        ],
        ...(production ? { splitChunks: { cacheGroups: sharedChunkGroups } } : {}),
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // The shell registers its remotes at run time from /remotes.json: none at build time.
          remotes: {},
          shared: sharedModules({ production }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            // Browser-only builds: the federation runtime leaves out its Node.js code. (disableSnapshot
            // would trim the remotes' runtime further, but made the storefront's remoteEntry.js cost
            // about half a second more main-thread time on the home page under Lighthouse.)
            // A remote loads no remote of its own: its bundler runtime leaves out remote loading.
            optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) },
            // One federation runtime per page (production builds): the host provides its runtime-core
            // as a global and the remotes use it instead of shipping their own (the home page's
            // remoteEntry.js: 32.1 kB gzip before, 9.3 kB after with FederationRuntimeEsmPlugin). A
            // remote's own pages (its harness) load it from federation-runtime.js first.
            ...(production
              ? isHost
                ? { provideExternalRuntime: true }
                : { externalRuntime: true }
              : {}),
          },
        }),
        ...(!isHost && production ? [new FederationRuntimeGlobalPlugin({ name })] : []),
        new FederationRuntimeEsmPlugin(),
        new rspack.HtmlRspackPlugin({
          title: pageTitle,
          // Absolute asset URLs, so deep links served by the SPA fallback find the scripts.
          publicPath: '/',
          templateContent: htmlPage({ title: pageTitle, description, isHost }),
        }),
        ...(isHost && production ? [new StartupPreloadPlugin()] : []),
        ...(production ? [new CompileHintsPlugin({ isHost })] : []),
        ...(prerender && production
          ? [new PrerenderPlugin({ name, appRoot, isHost, ...prerender })]
          : []),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        ...(refresh ? [new ReactRefreshRspackPlugin()] : []),
      ],
      performance: { hints: false },
      devServer: {
        // A remote's harness run alone (`npm run dev -w`, --env standalone) takes a port of its own,
        // beside `npm start`, which serves the remote's build at its stack port.
        port: (env.standalone && !isHost ? harnessDevPorts[name] : port) + offset,
        host: '127.0.0.1',
        // Bound to loopback; pages on the other ports (the shell) connect to every remote's server.
        allowedHosts: 'all',
        hot: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
        },
        setupMiddlewares: (middlewares) => {
          const files = devRuntimeFiles(offset);
          middlewares.unshift({
            name: 'toolshop-runtime-files',
            middleware: (req, res, next) => {
              const body = files[new URL(req.url ?? '/', 'http://localhost').pathname];
              if (!body) return next();
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-store');
              res.end(JSON.stringify(body));
            },
          });
          return middlewares;
        },
      },
    };
  };
}

/** How the apps' sources load: TypeScript/JSX through SWC, CSS Modules, assets. */
function moduleRules({ name, production, refresh = false, server = false }) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh } },
        },
        env: {
          targets: server ? 'node >= 24' : browserTargets,
        },
      },
      type: 'javascript/auto',
    },
    {
      test: /\.module\.css$/,
      type: 'css/auto',
      parser: { namedExports: false },
      generator: {
        exportsConvention: 'as-is',
        // The same class names in the browser build and in the prerender (which needs no stylesheet).
        localIdentName: production ? '[hash:base64:8]' : `${name}__[name]__[local]`,
        ...(server ? { exportsOnly: true } : {}),
      },
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      type: 'css/auto',
      ...(server ? { generator: { exportsOnly: true } } : {}),
    },
    { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset' },
  ];
}

/**
 * @typedef {{
 *   entry: string,   // a module exporting `render()`, the HTML of the prerendered pages (below)
 *   fragments?: Record<string, string>,  // a remote's fragments: name -> its exposed page ('./HomePage')
 * }} PrerenderOptions
 *   A remote's `render()` returns `{ <fragment name>: html }`: it publishes each as
 *   `fragments/<name>.json` (`{ html, stylesheets }`, the stylesheets of the exposed page, relative
 *   to its own URL) next to its mf-manifest.json. The host's `render()` returns
 *   `{ pages: [{ file, path, chunk?, remotePage?, html }], routes, signIn? }` (path null: the 404
 *   page; undefined: a page served in another's place): it writes each page as
 *   `prerendered/<file>.html` (its index.html with the markup in #root, whose data-prerendered names
 *   the remote page it holds, '<remote>/<page>'; its start-up stylesheets and those of the page's
 *   lazy chunk linked) and `prerendered/pages.json` (path -> file, the 404 page,
 *   the route paths, and `signIn`: the page a browser without the session hint cookie gets at
 *   each login-required path, and the cookie), which its server reads; the server composes the remotes' fragments into
 *   the pages per request.
 */

/**
 * Prerendering after a production build: the entry is bundled for Node with the app's own loaders
 * (so its CSS Module class names are those of the browser build), run once, and its HTML is
 * published with the build. A redeploy of the app publishes its new HTML; nothing else rebuilds.
 */
class PrerenderPlugin {
  constructor({ name, appRoot, isHost, entry, fragments = {} }) {
    Object.assign(this, { name, appRoot, isHost, entry, fragments });
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async (compilation) => {
      const rendered = await this.render();
      const dist = compilation.outputOptions.path;
      if (this.isHost) {
        // The first view needs only the stylesheets: first in <head>. The scripts' preloads go (the
        // scripts themselves stay deferred): they would share the line with the stylesheets and
        // delay the first paint (Lighthouse mobile: FCP 2.8 s with them, 1.0 s without).
        const index = readFileSync(join(dist, 'index.html'), 'utf8').replace(
          /<link rel="preload" href="[^"]+" as="script">/g,
          '',
        );
        const startup = startupFiles(compilation, '.css');
        mkdirSync(join(dist, 'prerendered'), { recursive: true });
        const table = { pages: {}, notFound: undefined, routes: rendered.routes };
        for (const { file, path, chunk, remotePage = '', html } of rendered.pages) {
          const stylesheets = [
            ...startup,
            ...(chunk ? lazyChunkFiles(compilation, chunk, '.css') : []),
          ];
          const links = stylesheets
            .map((href) => `<link rel="stylesheet" href="/${href}">`)
            .join('');
          const page = index
            .replace('<meta charset="utf-8">', `<meta charset="utf-8">${links}`)
            .replace(
              '<div id="root"></div>',
              `<div id="root" data-prerendered="${remotePage}">${PrerenderPlugin.checked(file, html)}</div>`,
            );
          writeFileSync(join(dist, `prerendered/${file}.html`), page);
          if (path === null) table.notFound = `${file}.html`;
          else if (path) table.pages[path] = `${file}.html`;
        }
        if (rendered.signIn) {
          const { routes, cookie } = rendered.signIn;
          const files = Object.entries(routes).map(([route, file]) => [route, `${file}.html`]);
          table.signIn = { routes: Object.fromEntries(files), cookie };
        }
        writeFileSync(join(dist, 'prerendered/pages.json'), JSON.stringify(table));
      } else {
        const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
        mkdirSync(join(dist, 'fragments'), { recursive: true });
        for (const [fragmentName, expose] of Object.entries(this.fragments)) {
          const exposed = manifest.exposes.find((e) => e.path === expose);
          if (!exposed) throw new Error(`prerender: ${this.name} exposes no ${expose}`);
          const html = rendered[fragmentName];
          if (typeof html !== 'string')
            throw new Error(`prerender: ${this.name} rendered no fragment ${fragmentName}`);
          const fragment = {
            html: PrerenderPlugin.checked(fragmentName, html),
            stylesheets: exposed.assets.css.sync,
          };
          writeFileSync(join(dist, `fragments/${fragmentName}.json`), JSON.stringify(fragment));
        }
      }
    });
  }

  /** Bundles the entry for Node into a cache folder, runs it, returns what its `render()` returns. */
  static checked(what, html) {
    // The Content-Security-Policy refuses inline style attributes in served HTML (React sets them
    // through the DOM, which it allows): a prerendered one would show unstyled, and stay so.
    const inline = /<[^>]+\sstyle="[^"]*"/.exec(html);
    if (inline)
      throw new Error(
        `prerender: ${what} has an inline style, which the CSP refuses: ${inline[0]}`,
      );
    return html;
  }

  async render() {
    const outDir = join(repoRoot, 'node_modules/.cache/toolshop-prerender', this.name);
    const compiler = rspack({
      mode: 'production',
      context: this.appRoot,
      target: 'node',
      entry: { prerender: this.entry },
      devtool: false,
      output: {
        path: outDir,
        filename: '[name].cjs',
        chunkFilename: '[name].[contenthash:8].cjs',
        library: { type: 'commonjs2' },
        uniqueName: `toolshop_${this.name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
        alias: reactRouterProduction,
      },
      module: { rules: moduleRules({ name: this.name, production: true, server: true }) },
      optimization: { minimize: false },
      plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
      performance: { hints: false },
    });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    if (stats.hasErrors())
      throw new Error(`prerender of ${this.name}:\n${stats.toString('errors-only')}`);
    const bundle = join(outDir, 'prerender.cjs');
    const load = createRequire(import.meta.url);
    delete load.cache[load.resolve(bundle)];
    return load(bundle).render();
  }
}

/** Files of the chunks a lazy import (its request as written, e.g. '../features/auth/login-page') loads. */
function lazyChunkFiles(compilation, request, extension) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    if (!group.origins.some((origin) => origin.request === request)) continue;
    for (const file of group.getFiles()) if (file.endsWith(extension)) files.add(file);
  }
  return [...files].sort();
}

/** Files of the chunks the host's first render needs: its bootstrap and the shared modules it provides. */
function startupFiles(compilation, extension) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    // The async boundary (import('./bootstrap')) and every provided shared module's factory but
    // those loaded on demand.
    const startup = group.origins.some(({ request, module }) => {
      const id = module?.identifier() ?? '';
      const provided =
        id.startsWith('provide shared module') &&
        !onDemandShared.some((name) => id.includes(` ${name}@`));
      return request === './bootstrap' || provided;
    });
    if (!startup) continue;
    for (const file of group.getFiles()) if (file.endsWith(extension)) files.add(file);
  }
  return [...files].sort();
}

/**
 * The host's first render needs its bootstrap chunk and the chunks of the shared modules it provides
 * (React, the router, the auth store...), which the federation runtime only asks for once main.js has
 * run. Preloading them from the HTML page downloads them alongside main.js instead of after it.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapAsync(
        'StartupPreloadPlugin',
        (data, done) => {
          const links = startupFiles(compilation, '.js')
            .map((file) => `<link rel="preload" href="/${file}" as="script">`)
            .join('');
          data.html = data.html.replace('</head>', `${links}</head>`);
          done(null, data);
        },
      );
    });
  }
}

/**
 * V8's compile hint for the scripts a page start runs through (the entry with the federation runtime,
 * and the host's startup chunks: React, the router, the bootstrap): every function of such a file is
 * compiled while it downloads, off the main thread, instead of lazily on first call inside the
 * start's tasks (main.js's evaluation on /signup: 73 ms to 38 ms at a 4x slowed CPU, median of 6,
 * side by side). Chromium 136 and later read the comment; other browsers skip it.
 */
class CompileHintsPlugin {
  constructor({ isHost }) {
    this.isHost = isHost;
  }

  apply(compiler) {
    const hint = '//# allFunctionsCalledOnLoad\n';
    const minHintedSize = 16 * 1024;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          // After minifying (which drops comments), before the content hashes are computed.
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
        },
        () => {
          const files = new Set(this.isHost ? startupFiles(compilation, '.js') : []);
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          for (const file of files) {
            const asset = compilation.getAsset(file);
            if (!asset) continue;
            const source = asset.source.source().toString();
            // A small file compiles in little time anyway; the comment's bytes count in every
            // page's JavaScript budget.
            if (source.length >= minHintedSize && !source.startsWith(hint))
              compilation.updateAsset(file, new rspack.sources.RawSource(hint + source));
          }
        },
      );
    });
  }
}

/**
 * The federation runtime as ES modules. The Module Federation plugin injects its runtime by the paths
 * of its CommonJS builds (and aliases `@module-federation/runtime` to one once every plugin is
 * applied), which cannot be tree-shaken: the Node.js code of @module-federation/sdk and every unused
 * export went into main.js and remoteEntry.js. Their ES module builds are the same code, tree-shaken
 * (the shell's main.js: 31.9 kB gzip before, 27.0 kB after).
 */
class FederationRuntimeEsmPlugin {
  apply(compiler) {
    const cjs = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;
    new rspack.NormalModuleReplacementPlugin(cjs, (resource) => {
      resource.request = resource.request.replace(/\.cjs$/, '.js');
    }).apply(compiler);
    // After the Module Federation plugin's own afterPlugins tap, which sets the CommonJS aliases.
    compiler.hooks.afterPlugins.tap('FederationRuntimeEsmPlugin', () => {
      const alias = compiler.options.resolve.alias ?? {};
      for (const [name, target] of Object.entries(alias)) {
        if (typeof target === 'string' && cjs.test(target))
          alias[name] = target.replace(/\.cjs$/, '.js');
      }
    });
  }
}

/**
 * A remote built with `experiments.externalRuntime` needs the federation runtime as a global before
 * its main.js or remoteEntry.js runs. In the composed site the host sets it; on the remote's own page
 * (its standalone harness, QA's isolated runs) this plugin's `federation-runtime.<hash>.js`, a
 * separate small build of federation-runtime-global.mjs, loads first.
 */
class FederationRuntimeGlobalPlugin {
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    let built;
    compiler.hooks.thisCompilation.tap('FederationRuntimeGlobalPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'FederationRuntimeGlobalPlugin',
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        async () => {
          const { file, source } = await (built ??= this.build());
          compilation.emitAsset(file, new rspack.sources.RawSource(source));
        },
      );
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'FederationRuntimeGlobalPlugin',
        async (data) => {
          const { file } = await (built ??= this.build());
          data.html = data.html.replace(
            '<script ',
            `<script defer src="/${file}"></script><script `,
          );
          return data;
        },
      );
    });
  }

  /** Bundles federation-runtime-global.mjs on its own (no federation plugin: the runtime is in it). */
  async build() {
    const outDir = join(repoRoot, 'node_modules/.cache/toolshop-federation-runtime', this.name);
    const compiler = rspack({
      mode: 'production',
      context: repoRoot,
      target: 'web',
      entry: {
        'federation-runtime': join(repoRoot, 'libs/rspack-app/src/federation-runtime-global.mjs'),
      },
      devtool: false,
      output: {
        path: outDir,
        filename: '[name].[contenthash:8].js',
        uniqueName: `toolshop_${this.name}_federation_runtime`,
        clean: true,
      },
      plugins: [new FederationRuntimeEsmPlugin()],
      optimization: { minimize: true, minimizer: [new rspack.SwcJsMinimizerRspackPlugin()] },
      performance: { hints: false },
    });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    if (stats.hasErrors())
      throw new Error(`federation runtime of ${this.name}:\n${stats.toString('errors-only')}`);
    const file = stats
      .toJson({ assets: true })
      .assets.map((asset) => asset.name)
      .find((name) => name.endsWith('.js'));
    return { file, source: readFileSync(join(outDir, file)) };
  }
}

/**
 * The HTML page. The host asks for its two runtime files at once, in parallel with its scripts
 * (the fetches in the bootstrap then take the preloaded answers instead of waiting for the scripts).
 */
function htmlPage({ title, description, isHost }) {
  const preloads = isHost
    ? ['/remotes.json', '/config.json']
        .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`)
        .join('')
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="${description}"><meta name="theme-color" content="#0f172a"><link rel="icon" href="${favicon}">${preloads}</head><body><div id="root"></div></body></html>`;
}
