/**
 * What a page shows until its code has arrived. The router renders it while the first page's chunk
 * loads (the root route's HydrateFallback), and the build writes the same markup into the app's HTML
 * shell, so a slow connection shows it from the first byte instead of an empty page. The shell is one
 * file for every address, so this stays in the site's light colours, the dashboard's too.
 */
export function AppLoading() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-stone-600">
      <img src="/logo.png" alt="" width={48} height={48} className="h-12 w-12 animate-pulse" />
      <p className="text-sm font-medium">Yükleniyor…</p>
    </div>
  );
}
