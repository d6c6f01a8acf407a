import type { OpenAPIObject } from '@nestjs/swagger';
import { PUBLIC_EXTENSION } from './auth.decorators';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The document says what the global guard does: every operation not marked @Public() needs the
 * bearer token and may answer 401. Derived here, so no route can be documented otherwise.
 */
export function documentSignIn(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = path[method] as
        (Record<string, unknown> & { responses: object }) | undefined;
      if (!operation) continue;
      if (operation[PUBLIC_EXTENSION]) {
        delete operation[PUBLIC_EXTENSION];
        continue;
      }
      operation.security = [{ bearer: [] }];
      operation.responses = {
        ...operation.responses,
        401: {
          description: 'No, expired or invalid access token',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
          },
        },
      };
    }
  }
  return document;
}
