import { Injectable } from '@nestjs/common';
import { InjectModel, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';

/**
 * A read-only view of the tools collection: whether a product exists, for a review that names
 * one. The tools module owns the collection; reviews only read its primary key.
 */
@Schema({ collection: 'tools', versionKey: false, autoIndex: false, autoCreate: false })
export class ReviewedToolView {}
export const ReviewedToolViewSchema = SchemaFactory.createForClass(ReviewedToolView);

@Injectable()
export class ReviewedTools {
  constructor(
    @InjectModel(ReviewedToolView.name) private readonly tools: Model<ReviewedToolView>,
  ) {}

  async exists(toolId: string): Promise<boolean> {
    return (await this.tools.exists({ _id: new Types.ObjectId(toolId) })) !== null;
  }
}
