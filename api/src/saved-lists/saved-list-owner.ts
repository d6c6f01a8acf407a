import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BuyingMessages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import type { OwnedRequest, OwnerLookup } from '../access/owner-lookup';
import { isObjectId } from '../common/parse-object-id.pipe';
import { SavedListRecord } from './saved-list.schema';

/** The owner of the list `/:id` names; someone else's list answers exactly as a missing one. */
@Injectable()
export class SavedListOwner implements OwnerLookup {
  static readonly hideOthers = true;
  static readonly notFound = BuyingMessages.listNotFound;
  constructor(@InjectModel(SavedListRecord.name) private readonly lists: Model<SavedListRecord>) {}

  async ownerOf(request: OwnedRequest) {
    const id = request.params?.id;
    if (!isObjectId(id)) return undefined;
    const list = await this.lists.findById(id, { email: 1 }).lean();
    return list ? list.email : null;
  }
}
