import { AlertTriangle } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Button } from './ui/button';

interface Props {
  children: ReactNode;
}

/** A screen that throws shows a way back instead of a blank page; the shell stays usable. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <EmptyState
        icon={AlertTriangle}
        title="Something went wrong"
        text="This screen could not be shown. Reload the page to try again."
        action={<Button onClick={() => window.location.reload()}>Reload page</Button>}
      />
    );
  }
}
