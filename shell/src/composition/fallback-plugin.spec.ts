import { fallbackPlugin } from './fallback-plugin';
import { RemoteUnavailable } from './remote-unavailable';

type Hook = NonNullable<ReturnType<typeof fallbackPlugin>['errorLoadRemote']>;
type HookArgs = Parameters<Hook>[0];

describe('fallbackPlugin', () => {
  const hook = fallbackPlugin().errorLoadRemote as Hook;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('answers a failed page load with a module whose component is the fallback of that remote', () => {
    const module = hook({
      id: 'dashboard/MyOrdersPage',
      error: new Error('down'),
      lifecycle: 'onLoad',
    } as HookArgs) as {
      default: () => { type: unknown; props: { remote?: string } };
    };
    const element = module.default();
    expect(element.type).toBe(RemoteUnavailable);
    expect(element.props.remote).toBe('dashboard');
  });

  it('lets other lifecycles fail so the load reaches onLoad', () => {
    expect(
      hook({ id: 'x', error: new Error('down'), lifecycle: 'afterResolve' } as HookArgs),
    ).toBeUndefined();
  });
});
