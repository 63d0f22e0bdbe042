export function LandingPage() {
  return <h1>Anı Kutusu</h1>;
}
