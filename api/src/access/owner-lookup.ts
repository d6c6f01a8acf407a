import { normalizeEmail, validateEmail } from '@toolshop/contracts';
import type { Type } from '@nestjs/common';

/** The parts of a request an owner is read from. */
export interface OwnedRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Whose record a request is about: an email, `null` when the record does not exist (404), or
 * `undefined` when the request names it in a malformed way (validation then answers 400).
 */
export interface OwnerLookup {
  ownerOf(request: OwnedRequest): Promise<string | null | undefined>;
}

/**
 * An OwnerLookup provider. `hideOthers`: someone else's record answers as a missing one (404), so
 * ids cannot be probed; `notFound`: the message for a missing record.
 */
export type OwnerSource = Type<OwnerLookup> & {
  readonly hideOthers?: boolean;
  readonly notFound?: string;
};

function emailOwner(read: (request: OwnedRequest) => unknown): OwnerSource {
  return class EmailOwner implements OwnerLookup {
    async ownerOf(request: OwnedRequest) {
      const email = read(request);
      return validateEmail(email) === undefined ? normalizeEmail(email as string) : undefined;
    }
  };
}

/** `?email=`: the own-records routes. */
export const EmailQueryOwner = emailOwner((request) => request.query?.email);
/** `/:email`: the routes that name a user in the path. */
export const EmailParamOwner = emailOwner((request) => request.params?.email);
