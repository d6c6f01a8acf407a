// Every route the app serves is in the OpenAPI document (/docs-json) with its auth and its error
// answers: the list of routes comes from the controllers themselves, so a new endpoint without
// documentation fails here.
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { TestApi } from './support/test-api';

interface Operation {
  security?: unknown;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** Routes as OpenAPI names them ("get /tools/{id}"), read from the controllers' decorators. */
function servedRoutes(api: TestApi): string[] {
  const routes: string[] = [];
  for (const module of api.app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.values()) {
      const type = controller.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const base = [Reflect.getMetadata('path', type) ?? ''].flat()[0] as string;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name] as unknown;
        if (typeof handler !== 'function') continue;
        const method = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const own = [Reflect.getMetadata('path', handler) ?? ''].flat()[0] as string;
        const path = `/${[base, own].filter((part) => part && part !== '/').join('/')}`
          .replace(/\/+/g, '/')
          .replace(/:(\w+)/g, '{$1}');
        routes.push(`${RequestMethod[method].toLowerCase()} ${path}`);
      }
    }
  }
  return routes.sort();
}

/** Answers that cannot fail for a reason the caller could act on. */
const NO_ERROR_ANSWER = new Set(['get /health', 'get /payments/config']);
/** Writes called by Stripe, not a browser: signed, and retried by Stripe on a failure. */
const NOT_RATE_LIMITED = new Set(['post /payments/webhook']);

describe('OpenAPI document', () => {
  let api: TestApi;
  let operations: Map<string, Operation>;
  let routes: string[];

  beforeAll(async () => {
    api = await TestApi.start();
    const docs = await api.request('GET', '/docs-json');
    const paths = docs.body.paths as Record<string, Record<string, Operation>>;
    operations = new Map(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [`${method} ${path}`, operation]),
      ),
    );
    routes = servedRoutes(api);
  });
  afterAll(() => api.stop());

  it('finds the routes it checks (the discovery works)', () => {
    expect(routes).toEqual(
      expect.arrayContaining(['get /tools', 'delete /orders/{id}', 'post /payments/webhook']),
    );
    expect(routes.length).toBeGreaterThan(25);
  });

  it('documents every route the app serves', () => {
    expect(routes.filter((route) => !operations.has(route))).toEqual([]);
  });

  it('documents 401 on every route that needs a token', () => {
    const missing = [...operations]
      .filter(([, operation]) => operation.security && !operation.responses['401'])
      .map(([route]) => route);
    expect(missing).toEqual([]);
  });

  it('documents the error answers of every route', () => {
    const missing: string[] = [];
    for (const [route, { responses }] of operations) {
      const codes = Object.keys(responses);
      const [method] = route.split(' ');
      if (!NO_ERROR_ANSWER.has(route) && !codes.some((code) => code >= '400')) {
        missing.push(`${route}: no error answer`);
      }
      if (
        ['post', 'put', 'patch'].includes(method!) &&
        !codes.includes('400') &&
        route !== 'post /payments/webhook'
      ) {
        missing.push(`${route}: 400`);
      }
      if (route.includes('{') && !codes.includes('404') && !codes.includes('400')) {
        missing.push(`${route}: 400/404 for a malformed or unknown id`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents a rate limit (429, set by the same decorator as the limit) on every write', () => {
    const missing = [...operations]
      .filter(([route]) => !route.startsWith('get ') && !NOT_RATE_LIMITED.has(route))
      .filter(([, operation]) => !operation.responses['429'])
      .map(([route]) => route);
    expect(missing).toEqual([]);
  });

  it('documents 413 on every route that takes a body (the body limit comes before validation)', () => {
    const missing = [...operations]
      .filter(([, operation]) => operation.requestBody && !operation.responses['413'])
      .map(([route]) => route);
    expect(missing).toEqual([]);
    expect(operations.get('post /orders/{id}/returns')?.responses['413']).toBeDefined();
  });

  it('documents every error answer as JSON, also on routes whose success is a file or text', () => {
    const notJson = [...operations].flatMap(([route, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .filter(([, answer]) => {
          const content = (answer as { content?: Record<string, unknown> }).content ?? {};
          return Object.keys(content).some((type) => type !== 'application/json');
        })
        .map(([status]) => `${route} ${status}`),
    );
    expect(notJson).toEqual([]);
  });
});
