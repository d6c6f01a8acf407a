import { ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * A field checked by one of the shared rules of @toolshop/contracts (message or undefined), so the
 * API refuses exactly what the forms refuse, with the same words.
 */
export const FollowsRule = (name: string, rule: (value: unknown) => string | undefined) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => rule(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => rule(args?.value) ?? '',
    },
  });
