import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

/** A product. Money is whole dollars; available is the stock that orders decrement. */
@Schema({ collection: 'tools', versionKey: false })
export class Tool {
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) img: string;
  @Prop({ required: true }) shortDescription: string;
  @Prop({ required: true, min: 0 }) minOrder: number;
  @Prop({ required: true, min: 0 }) available: number;
  @Prop({ required: true, min: 0 }) price: number;
}

export type ToolDocument = HydratedDocument<Tool>;
export const ToolSchema = SchemaFactory.createForClass(Tool);
