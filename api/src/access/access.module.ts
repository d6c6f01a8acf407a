import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AdminDirectory } from './admin-directory';
import { AdminGuard } from './admin.guard';
import { EmailParamOwner, EmailQueryOwner } from './owner-lookup';
import { OwnershipGuard } from './ownership.guard';

/**
 * Who may do what, declared on each route: AdminOnly, OwnerOrAdmin, OwnerOnly. Global so every
 * domain module's routes can use them; the app names the module that knows who is admin, so
 * access/ depends on no domain.
 */
@Module({})
export class AccessModule {
  static forRoot(directory: { module: Type; provider: Type<AdminDirectory> }): DynamicModule {
    const guards = [AdminGuard, OwnershipGuard, EmailQueryOwner, EmailParamOwner];
    return {
      module: AccessModule,
      global: true,
      imports: [directory.module],
      providers: [{ provide: AdminDirectory, useExisting: directory.provider }, ...guards],
      exports: [AdminDirectory, ...guards],
    };
  }
}
