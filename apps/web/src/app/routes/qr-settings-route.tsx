import { SettingsTab } from '../../features/events/components/settings-tab';
import { QrSettingsPage } from '../../features/qr/components/qr-settings-page';

/** The QR page shows the events feature's own settings card (same autosave), composed here. */
export function QrSettingsRoute() {
  return <QrSettingsPage renderSettings={(event) => <SettingsTab event={event} />} />;
}
