import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApprovalMessages,
  ORDER_REASON_MAX_LENGTH,
  type ApprovalInput,
  type OrderAwaitingApproval,
} from '@toolshop/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** POST /orders/{id}/approval. The reason is required when declining (checked with `approve`). */
export class ApprovalDto implements ApprovalInput {
  @ApiProperty({ description: 'true: the buyer may pay it; false: declined, stock released' })
  @IsBoolean({ message: ApprovalMessages.approveInvalid })
  approve: boolean;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: ORDER_REASON_MAX_LENGTH,
    description: 'Required when declining: emailed to the buyer and shown in My Orders',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: ApprovalMessages.reasonRequired })
  @MaxLength(ORDER_REASON_MAX_LENGTH, { message: ApprovalMessages.reasonRequired })
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: ApprovalMessages.reasonRequired })
  reason?: string;
}

export class ApprovalResponse {
  @ApiProperty({
    enum: ['unpaid', 'on_account', 'declined'],
    description: 'The state the order entered (on_account: the company has net terms)',
  })
  state: 'unpaid' | 'on_account' | 'declined';
}

export class OrderAwaitingApprovalResponse implements OrderAwaitingApproval {
  @ApiProperty() _id: string;
  @ApiPropertyOptional() number?: string;
  @ApiProperty({ description: 'The buyer' }) email: string;
  @ApiPropertyOptional() userName?: string;
  @ApiProperty() name: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty({ description: 'Whole dollars' }) totalPrice: number;
  @ApiPropertyOptional() purchaseOrder?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
