import { Controller, Get, UseGuards, UseInterceptors } from '@nestjs/common';
import { Public } from '../auth/auth.decorators';
import { AnsweredFromCache, cachedRouteProblem, type CachedListSource } from './cached-lists';

class Source implements CachedListSource {
  cachedList() {
    return undefined;
  }
}
const Guard = { canActivate: () => true };
const Interceptor = { intercept: () => undefined as never };

@Controller('things')
class Things {
  @Get()
  @Public()
  @AnsweredFromCache(Source)
  open() {}

  @Get('mine')
  @AnsweredFromCache(Source)
  signedIn() {}

  @Get('guarded')
  @Public()
  @UseGuards(Guard)
  @AnsweredFromCache(Source)
  guarded() {}

  @Get('counted')
  @Public()
  @UseInterceptors(Interceptor)
  @AnsweredFromCache(Source)
  counted() {}
}

describe('a route answered from a cache before Nest', () => {
  const problemOf = (name: keyof Things) =>
    cachedRouteProblem(Things, Things.prototype[name] as object);

  it('may be a public route with nothing of its own that a request passes through', () => {
    expect(problemOf('open')).toBeUndefined();
  });

  it('may not skip authentication, a guard or an interceptor', () => {
    expect(problemOf('signedIn')).toBe('it is not public');
    expect(problemOf('guarded')).toBe('it has guards of its own');
    expect(problemOf('counted')).toBe('it has interceptors of its own');
  });
});
