import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * A page's code that could not be fetched (the connection dropped, or a new version replaced the
 * files the open tab knew): each browser words it its own way, in English.
 */
const chunkLoadFailure =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The router's fallback when rendering or loading a route throws. */
export function ErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? chunkLoadFailure.test(error.message)
        ? 'Sayfa yüklenemedi: internet bağlantınız kesilmiş ya da site güncellenmiş olabilir. Bağlantınızı kontrol edip sayfayı yenileyin.'
        : error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <h1 className="font-sans text-2xl font-bold text-stone-900">Unexpected Application Error!</h1>
      <pre className="overflow-x-auto rounded-lg bg-stone-100 p-4 text-sm whitespace-pre-wrap text-red-800">
        {message}
      </pre>
      <p className="text-stone-600">
        Beklenmeyen bir hata oluştu. Sayfayı yenileyebilir ya da{' '}
        <a href="/" className="font-medium text-brand-700 underline">
          ana sayfaya dönebilirsiniz
        </a>
        .
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="w-fit cursor-pointer rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        Sayfayı Yenile
      </button>
    </main>
  );
}
