import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A visitor's suggestion; email is labelled 'Your email or name', so it is free text. */
@Schema({
  collection: 'suggestions',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class Suggestion {
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) opinion: string;
}

export const SuggestionSchema = SchemaFactory.createForClass(Suggestion);
