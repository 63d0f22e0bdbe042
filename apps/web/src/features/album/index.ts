// What other screens (the dashboard's album management, a later issue) may reuse from the album.
export { AlbumGrid, type AlbumGridOwner, type AlbumGridProps } from './components/album-grid';
export { Lightbox, type LightboxProps } from './components/lightbox';
export { SelectionBar } from './components/selection-bar';
export { useAlbumDeletion } from './use-album-deletion';
export { albumPhotosQuery, deletePhotos } from './api/album-api';
export { useAlbumDownload } from '../../components/album-download-dialog';
// The dashboard's "Albüm" page (/dashboard/qr/manage) is the owner album of the host's first event.
export { OwnerAlbum } from './components/album-page';
