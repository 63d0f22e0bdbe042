import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, HeartHandshake } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { messages } from '@ani/contract/messages';
import { ApiError, serverMessageOr } from '../../../lib/api-client';

export function PageTitle({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="font-display text-3xl font-semibold">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Yükleniyor..." />
    </div>
  );
}

/** The error screen: the server's message and "Tekrar Dene", which reloads the page. */
export function ErrorState({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mx-auto mt-10 max-w-md rounded-2xl border border-red-500/30 bg-red-500/5 p-6 text-center"
    >
      <AlertTriangle aria-hidden className="mx-auto h-8 w-8 text-red-500" />
      <p className="mt-3 font-medium">{message}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Tekrar Dene
      </Button>
    </div>
  );
}

/**
 * A host without a wedding (404) is sent to the home form, which creates event and wedding together.
 * Any other failure is an error screen: the server's message when it sent one; "alınamadı" when no
 * answer came at all, "yüklenemedi" when an answer came without words.
 */
export function WeddingMissing({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status !== 404) {
    const fallback = error.kind === 'http' ? messages.weddings.loadFailed : messages.weddings.infoFailed;
    return <ErrorState message={serverMessageOr(error, fallback)} />;
  }
  return (
    <div className="mx-auto mt-10 max-w-md rounded-2xl border border-stone-200 p-6 text-center dark:border-stone-800">
      <HeartHandshake aria-hidden className="mx-auto h-8 w-8 text-brand-500" />
      <p className="mt-3 font-medium">Henüz düğün bilgileriniz yok</p>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Davetli listesi için önce ana sayfadan düğününüzü oluşturun.
      </p>
      <Button asChild className="mt-4">
        <Link to="/dashboard">Ana Sayfaya Git</Link>
      </Button>
    </div>
  );
}
