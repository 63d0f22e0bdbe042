import { AlertCircle, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The album's failure screens; system errors get a refresh button. */
export function FailureScreen({ message, onRefresh }: { message: string; onRefresh?: () => void }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" role="alert">
      <AlertCircle aria-hidden className="h-12 w-12 text-brand-600" />
      <p className="mt-4 text-lg font-medium text-stone-800 dark:text-stone-100">{message}</p>
      {onRefresh ? (
        <Button className="mt-6 max-sm:min-h-11" variant="outline" onClick={onRefresh}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Sayfayı Yenile
        </Button>
      ) : null}
    </section>
  );
}
