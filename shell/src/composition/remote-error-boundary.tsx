import { Component, type ReactNode } from 'react';
import { reportRemote } from './beacon';
import { RemoteUnavailable } from './remote-unavailable';
import type { RemoteName } from './remote-map';

interface Props {
  remote: RemoteName;
  /** what shows instead of a crashed remote (default: its "not available" notice with retry) */
  fallback?: ReactNode;
  children: ReactNode;
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
    return this.props.fallback ?? <RemoteUnavailable remote={this.props.remote} />;
  }
}
