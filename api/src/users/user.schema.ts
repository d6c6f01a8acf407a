import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

/** The user record, keyed by (lower-cased) email. role 'admin' is the only source of admin rights. */
@Schema({ collection: 'users', versionKey: false, timestamps: true })
export class User {
  @Prop({ required: true, unique: true }) email: string;
  @Prop() name?: string;
  @Prop() location?: string;
  @Prop() phone?: string;
  @Prop() education?: string;
  @Prop() linkedIn?: string;
  /** Optional billing details printed on invoices. */
  @Prop() company?: string;
  @Prop() taxId?: string;
  @Prop() role?: string;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
