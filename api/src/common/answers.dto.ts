import { ApiProperty } from '@nestjs/swagger';
import type { DeletedAnswer, InsertedAnswer, ModifiedAnswer } from '@toolshop/contracts';

/** The write answers of SPEC.md §7, shaped like the MongoDB driver's results the frontends read. */
export class InsertedResponse implements InsertedAnswer {
  @ApiProperty() acknowledged: boolean;
  @ApiProperty({ example: '6651f0c2a1b2c3d4e5f60718' }) insertedId: string;
}
export class ModifiedResponse implements ModifiedAnswer {
  @ApiProperty() acknowledged: boolean;
  @ApiProperty() matchedCount: number;
  @ApiProperty() modifiedCount: number;
}
export class DeletedResponse implements DeletedAnswer {
  @ApiProperty() acknowledged: boolean;
  @ApiProperty() deletedCount: number;
}

export const inserted = (id: unknown): InsertedAnswer => ({
  acknowledged: true,
  insertedId: String(id),
});
export const modified = (matchedCount: number, modifiedCount: number): ModifiedAnswer => ({
  acknowledged: true,
  matchedCount,
  modifiedCount,
});
export const deleted = (deletedCount: number): DeletedAnswer => ({
  acknowledged: true,
  deletedCount,
});
