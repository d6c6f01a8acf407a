import { ApiMessages } from '@toolshop/contracts';
import { BadRequestException, PipeTransform } from '@nestjs/common';
import { isValidObjectId } from 'mongoose';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value) && isValidObjectId(value);
}

/** Route ids must be 24-hex ObjectIds: anything else is a 400, never a database error. */
export class ParseObjectIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isObjectId(value)) throw new BadRequestException(ApiMessages.invalidId);
    return value;
  }
}
