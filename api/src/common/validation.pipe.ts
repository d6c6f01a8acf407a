import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // The first broken rule of each field is enough for a form to show.
    const own = Object.values(error.constraints ?? {}).slice(-1);
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/**
 * DTO validation for every route: unknown fields are refused (no mass assignment), types are
 * never coerced (a string "5" is not a rating), and messages come as one readable string.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new BadRequestException([...new Set(messages(errors))].join('; ')),
  });
}
