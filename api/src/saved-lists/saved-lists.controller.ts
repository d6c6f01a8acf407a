import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OwnerOnly } from '../access/access.decorators';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { DeletedResponse, InsertedResponse, ModifiedResponse } from '../common/answers.dto';
import { BuyingMessages } from '@toolshop/contracts';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { Idempotent } from '../common/idempotency';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import { SavedListInputDto, SavedListResponse } from './saved-list.dto';
import { SavedListOwner } from './saved-list-owner';
import { SavedListsService } from './saved-lists.service';

const nameOrCount = ApiConflictResponse({
  description: 'The caller already has a list of this name, or SAVED_LISTS_MAX lists',
  type: ErrorResponse,
});

/** Each signed-in customer's (and admin's) own named lists to order again. */
const ownList = () => OwnerOnly(SavedListOwner, BuyingMessages.listNotFound);

@ApiTags('savedLists')
@Controller('savedLists')
export class SavedListsController {
  constructor(private readonly lists: SavedListsService) {}

  @Get()
  @ApiOkResponse({
    type: [SavedListResponse],
    description:
      'The caller’s own lists, newest change first; then the lists the other members of their company share (with `owner`, read only)',
  })
  listOwn(@CurrentUser() user: AuthUser) {
    return this.lists.listOwn(user.email);
  }

  @Post()
  @Idempotent()
  @RateLimit('writes')
  @ApiCreatedResponse({ type: InsertedResponse, description: 'Each line keeps its product’s name' })
  @ApiInvalidInput
  @nameOrCount
  create(@CurrentUser() user: AuthUser, @Body() body: SavedListInputDto) {
    return this.lists.create(user.email, body);
  }

  @Put(':id')
  @Idempotent()
  @RateLimit('writes')
  @ApiOkResponse({ type: ModifiedResponse, description: 'Replaces the name and the lines' })
  @ApiInvalidInput
  @ownList()
  @nameOrCount
  replace(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: SavedListInputDto,
  ) {
    return this.lists.replace(user.email, id, body);
  }

  @Delete(':id')
  @Idempotent()
  @RateLimit('writes')
  @ApiOkResponse({ type: DeletedResponse })
  @ApiInvalidInput
  @ownList()
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.lists.remove(user.email, id);
  }
}
