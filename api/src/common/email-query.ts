import { BadRequestException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH, normalizeEmail, validateEmail } from '@toolshop/contracts';
import { Transform } from 'class-transformer';
import { FollowsRule } from './contract-rule';

/** Stores and compares emails in one form (NFKC, lower case); other values go on to validation. */
export const NormalizeEmail = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.length <= 4 * EMAIL_MAX_LENGTH
      ? normalizeEmail(value)
      : value,
  );

/** ?email= of the own-records routes (and the email of a profile): one plain address. */
export class EmailQuery {
  @ApiProperty({ example: 'customer@toolshop.test', maxLength: EMAIL_MAX_LENGTH })
  @NormalizeEmail()
  @FollowsRule('email', validateEmail)
  email: string;
}

/** A path segment naming a user: the same rules as EmailQuery, or 400 with the broken rule. */
export function emailParam(email: string): string {
  const problem = validateEmail(email);
  if (problem) throw new BadRequestException(problem);
  return normalizeEmail(email);
}
