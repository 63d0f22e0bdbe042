import { ChatDialog } from '../../features/chat/components/chat-dialog';
import { GuestListPage } from '../../features/guests/components/guest-list-page';

/** The guest list opens the chat feature's dialog; composed here because features do not import each other. */
export function GuestListRoute() {
  return <GuestListPage renderChat={(target, onClose) => <ChatDialog {...target} onClose={onClose} />} />;
}
