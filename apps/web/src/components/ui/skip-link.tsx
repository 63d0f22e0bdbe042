/**
 * The first Tab stop of a page: jumps over the header and the menus to the page's `<main id="main">`.
 * Hidden until it has the focus.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-3 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      İçeriğe geç
    </a>
  );
}
