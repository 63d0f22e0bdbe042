export function GalleryPage() {
  return <h1>Düğün Galerimiz</h1>;
}
