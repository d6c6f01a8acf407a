// One Rspack + Module Federation 2 configuration for the shell and every remote, so all four apps
// share React, the router and the auth store the same way (a second copy of any of them is a bug).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { repoRoot } from '@toolshop/settings/repo-root';
import { basePorts, devRuntimeFiles } from './runtime-files.mjs';

const require = (path) => JSON.parse(readFileSync(path, 'utf8'));

// react-router's package exports point every bundler at its development build (a known, open issue
// upstream); production builds take its production build instead (no dev warnings).
const reactRouterProduction = {
  'react-router$': join(repoRoot, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': join(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

const reactRouterBrowser = join(repoRoot, 'infra/devstack/src/react-router-browser.mjs');

// A drawn wrench on the brand colour, inlined: no request, no 404 in the console.
const favicon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#f59e0b"/><path d="M20.5 6.5a5.5 5.5 0 0 0-6.9 6.9l-7.3 7.3a2 2 0 0 0 2.9 2.9l7.3-7.3a5.5 5.5 0 0 0 6.9-6.9l-3.2 3.2-2.8-.4-.4-2.8z" fill="#0f172a"/></svg>',
)}`;

const singletons = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'zustand',
  'react-toastify',
  // The one QueryClient of the composed site (server data) is provided by the shell.
  '@tanstack/react-query',
];
const workspaceLibs = ['@toolshop/auth', '@toolshop/ui', '@toolshop/contracts'];

/**
 * The shared-scope entries of CONTRIBUTING.md: singletons, their subpaths, and the workspace libs.
 * @param {{ production?: boolean }} [options]
 */
export function sharedModules({ production = false } = {}) {
  const shared = {};
  for (const name of singletons) {
    const { version } = require(join(repoRoot, 'node_modules', name, 'package.json'));
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
  }
  if (production) {
    // The one react-router instance of a production build is its browser API (react-router-browser.mjs).
    const { requiredVersion } = shared['react-router'];
    shared['react-router'] = { ...shared['react-router'], import: reactRouterBrowser, version: requiredVersion.slice(1) };
  }
  // Bare names match exact imports only; react/jsx-runtime and react-dom/client need the prefixes.
  for (const prefix of ['react/', 'react-dom/', 'react-router/']) {
    shared[prefix] = { singleton: true, requiredVersion: false };
  }
  for (const name of workspaceLibs) shared[name] = { singleton: true, requiredVersion: false };
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
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh } },
              },
              env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
            },
            type: 'javascript/auto',
          },
          {
            test: /\.module\.css$/,
            type: 'css/auto',
            parser: { namedExports: false },
            generator: {
              exportsConvention: 'as-is',
              localIdentName: production ? '[hash:base64:8]' : `${name}__[name]__[local]`,
            },
          },
          { test: /\.css$/, exclude: /\.module\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset' },
        ],
      },
      optimization: {
        runtimeChunk: false,
        minimize: production,
        minimizer: [new rspack.SwcJsMinimizerRspackPlugin(), new rspack.LightningCssMinimizerRspackPlugin()],
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
          // Browser-only builds: the federation runtime leaves out its Node.js code. (disableSnapshot
          // would trim the remotes' runtime further, but made the storefront's remoteEntry.js cost
          // about half a second more main-thread time on the home page under Lighthouse.)
          experiments: { optimization: { target: 'web' } },
        }),
        new rspack.HtmlRspackPlugin({
          title: pageTitle,
          // Absolute asset URLs, so deep links served by the SPA fallback find the scripts.
          publicPath: '/',
          templateContent: htmlPage({ title: pageTitle, description, isHost }),
        }),
        ...(isHost && production ? [new StartupPreloadPlugin()] : []),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
        ...(refresh ? [new ReactRefreshRspackPlugin()] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: port + offset,
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

/**
 * The host's first render needs its bootstrap chunk and the chunks of the shared modules it provides
 * (React, the router, the auth store...), which the federation runtime only asks for once main.js has
 * run. Preloading them from the HTML page downloads them alongside main.js instead of after it.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapAsync('StartupPreloadPlugin', (data, done) => {
        const files = new Set();
        for (const group of compilation.chunkGroups) {
          // The async boundary (import('./bootstrap')) and every provided shared module's factory.
          const startup = group.origins.some(
            ({ request, module }) =>
              request === './bootstrap' || module?.identifier().startsWith('provide shared module'),
          );
          if (!startup) continue;
          for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
        }
        const links = [...files].sort().map((file) => `<link rel="preload" href="/${file}" as="script">`).join('');
        data.html = data.html.replace('</head>', `${links}</head>`);
        done(null, data);
      });
    });
  }
}

/**
 * The HTML page. The host asks for its two runtime files at once, in parallel with its scripts
 * (the fetches in the bootstrap then take the preloaded answers instead of waiting for the scripts).
 */
function htmlPage({ title, description, isHost }) {
  const preloads = isHost
    ? ['/remotes.json', '/config.json'].map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`).join('')
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="${description}"><meta name="theme-color" content="#0f172a"><link rel="icon" href="${favicon}">${preloads}</head><body><div id="root"></div></body></html>`;
}
