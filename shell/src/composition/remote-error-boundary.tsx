import { Component, useEffect, type ReactNode } from 'react';
import { queryClient } from '@toolshop/auth';
import { reportRemote } from './beacon';
import { RemoteUnavailable } from './remote-unavailable';
import type { RemoteName } from './remote-map';

interface Props {
  remote: RemoteName;
  /** what shows instead of a crashed remote (default: its "not available" notice with retry) */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Drops the answers the crashed page held (its queries are inactive once its observers are gone, in
 * the passive effects this one follows): coming back to the page asks the API again rather than
 * rendering the cached answer that broke it until someone presses Retry.
 */
function ForgetCrashedAnswers() {
  useEffect(() => {
    queryClient.removeQueries({ type: 'inactive' });
  }, []);
  return null;
}

/** Catches a remote that fails while loading or rendering, so only its area shows the fallback. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[composition] the ${this.props.remote} remote failed`, error);
    reportRemote(this.props.remote, 'render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        {this.props.fallback ?? <RemoteUnavailable remote={this.props.remote} />}
        <ForgetCrashedAnswers />
      </>
    );
  }
}
