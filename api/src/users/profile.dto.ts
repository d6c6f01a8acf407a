import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COMPANY_MAX_LENGTH,
  companyError,
  InputMessages,
  linkedInError,
  TAX_ID_MAX_LENGTH,
  taxIdError,
  TEXT_MAX_LENGTH,
} from '@toolshop/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { EmailQuery } from '../common/email-query';

const tooLong = InputMessages.atMost(TEXT_MAX_LENGTH);

/** PUT /users: either { email } alone (sent after sign-in) or all five profile fields. */
export class ProfileDto extends EmailQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  location?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  phone?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  education?: string;
  @ApiPropertyOptional({ example: 'https://www.linkedin.com/in/casey', format: 'uri' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  @FollowsRule('linkedIn', linkedInError)
  linkedIn?: string;
  /** Optional, with the five fields: printed on invoices; an empty string removes it. */
  @ApiPropertyOptional({ maxLength: COMPANY_MAX_LENGTH, example: 'Casey Builders LLC' })
  @IsOptional()
  @FollowsRule('company', companyError)
  company?: string;
  @ApiPropertyOptional({ maxLength: TAX_ID_MAX_LENGTH, example: 'US 12-3456789' })
  @IsOptional()
  @FollowsRule('taxId', taxIdError)
  taxId?: string;
}

export class UserProfileResponse {
  @ApiProperty() _id: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional() location?: string;
  @ApiPropertyOptional() phone?: string;
  @ApiPropertyOptional() education?: string;
  @ApiPropertyOptional() linkedIn?: string;
  @ApiPropertyOptional() company?: string;
  @ApiPropertyOptional() taxId?: string;
  @ApiPropertyOptional({ example: 'admin' }) role?: string;
}

export class AdminResponse {
  @ApiProperty() admin: boolean;
}
