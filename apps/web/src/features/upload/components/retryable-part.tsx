import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { myUploadsTexts as t } from '../texts';

/**
 * A part of the guest page whose code loads when it is needed. On a venue's weak network that load
 * can fail, and a lazy component keeps its failure for good: `retry` makes a new one that loads the
 * code again, and `attempt` (a key for `PartBoundary`) starts its boundary afresh with it.
 */
export function useRetryablePart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [part, setPart] = useState(() => ({ attempt: 0, Part: lazy(load) }));
  const retry = () => setPart((current) => ({ attempt: current.attempt + 1, Part: lazy(load) }));
  return { Part: part.Part, attempt: part.attempt, retry };
}

/**
 * Shows `fallback` (a reason and a way to try again) instead of the part when it failed to load or
 * draw, and tells `onFailed`.
 */
export class PartBoundary extends Component<
  { fallback?: ReactNode; onFailed?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed?.();
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** "Yükledikleriniz şu anda gösterilemiyor." with "Tekrar Dene": the list's own failure, or its code's. */
export function LoadFailedAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{t.loadFailed}</p>
      <Button className="mt-3 min-h-11" size="sm" variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        {t.retry}
      </Button>
    </Alert>
  );
}
