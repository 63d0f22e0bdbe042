import { useParams } from 'react-router';
import { UploadPage } from '../../features/upload/components/upload-page';

/** The guest upload page reached inside the app (the same page upload-main.tsx starts on its own). */
export function UploadRoute() {
  const { eventId = '' } = useParams();
  // A new event id is a new page: its form and stored upload belong to that event.
  return <UploadPage key={eventId} eventId={eventId} />;
}
