import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_PATTERN, Messages } from '@toolshop/contracts';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** ?email= of the own-records routes (and the email of a profile): one plain address. */
export class EmailQuery {
  @ApiProperty({ example: 'customer@toolshop.test' })
  @IsString({ message: Messages.emailInvalid })
  @IsNotEmpty({ message: Messages.emailRequired })
  @Matches(EMAIL_PATTERN, { message: Messages.emailInvalid })
  @MaxLength(254, { message: Messages.emailInvalid })
  email: string;
}
