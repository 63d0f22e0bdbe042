export function ProfilePage() {
  return <h1>Profil Ayarları</h1>;
}
