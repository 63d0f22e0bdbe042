export function ContactPage() {
  return <h1>Bizimle İletişime Geçin</h1>;
}
