import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiMessages } from '@toolshop/contracts';
import type { Model } from 'mongoose';
import type { OwnedRequest, OwnerLookup, OwnerSource } from '../access/owner-lookup';
import { isObjectId } from '../common/parse-object-id.pipe';
import { Order } from './order.schema';

/** The owner of the order a request names; someone else's order answers exactly as a missing one. */
function orderOwner(readId: (request: OwnedRequest) => unknown): OwnerSource {
  @Injectable()
  class OrderOwner implements OwnerLookup {
    static readonly hideOthers = true;
    static readonly notFound = ApiMessages.orderNotFound;
    constructor(@InjectModel(Order.name) private readonly orders: Model<Order>) {}

    async ownerOf(request: OwnedRequest) {
      const id = readId(request);
      if (!isObjectId(id)) return undefined;
      const order = await this.orders.findById(id, { email: 1 }).lean();
      return order ? order.email : null;
    }
  }
  return OrderOwner;
}

/** `/:id` of an order. */
export const OrderParamOwner = orderOwner((request) => request.params?.id);
/** `{ orderId }` in the body (starting a payment). */
export const OrderBodyOwner = orderOwner(
  (request) => (request.body as { orderId?: unknown } | undefined)?.orderId,
);
