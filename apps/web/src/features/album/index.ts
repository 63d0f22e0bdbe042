// The dashboard's "Albüm" page (/dashboard/qr/manage) is the owner album of the host's first event.
export { OwnerAlbum } from './components/album-page';
