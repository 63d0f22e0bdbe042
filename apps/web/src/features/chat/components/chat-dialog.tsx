import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ConversationMessage } from '@ani/contract/whatsapp';
import { messages } from '@ani/contract/messages';
import { Check, CheckCheck, Clock, TriangleAlert } from 'lucide-react';
import { PhoneLink } from '../../../components/phone-link';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { conversationQuery } from '../api/conversation-api';

const labels = messages.guests.invitationLabels;
const chat = messages.whatsapp;

/** This number is a guest of several weddings and the reply named no invitation: no status was set. */
export const unmatchedNote =
  'Bu numara birden fazla düğünün davetli listesinde; yanıtın hangi davetiyeye verildiği anlaşılamadı. LCV durumu değiştirilmedi, gerekirse listeden elle güncelleyin.';

/** Sent, delivered and read get ticks (read in blue); anything else, queued or failed, a clock. */
function StatusMark({ status }: { status: ConversationMessage['status'] }) {
  if (status === 'sent') return <Check aria-label="Gönderildi" className="h-3.5 w-3.5" />;
  if (status === 'delivered') return <CheckCheck aria-label="İletildi" className="h-3.5 w-3.5" />;
  if (status === 'read') return <CheckCheck aria-label="Okundu" className="h-3.5 w-3.5 text-sky-300" />;
  return <Clock aria-label="Bekliyor" className="h-3.5 w-3.5" />;
}

export function ChatDialog({
  weddingId,
  name,
  phone,
  phoneLabel = phone,
  onClose,
}: {
  weddingId: string;
  name: string;
  phone: string;
  /** The number as the list prints it ("+90 532 123 45 67"). */
  phoneLabel?: string;
  onClose: () => void;
}) {
  const conversation = useQuery(conversationQuery(weddingId, phone));
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.data?.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-w-lg flex-col" aria-describedby="chat-phone">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription id="chat-phone">
            <PhoneLink phone={phone}>{phoneLabel}</PhoneLink>
          </DialogDescription>
        </DialogHeader>
        <div
          data-testid="chat-messages"
          className="h-[min(60dvh,28rem)] space-y-2 overflow-y-auto rounded-xl bg-[#0b141a] bg-[radial-gradient(circle_at_1px_1px,rgba(255,255,255,0.05)_1px,transparent_0)] [background-size:18px_18px] p-3"
        >
          {conversation.isPending ? (
            <p className="py-10 text-center text-sm text-stone-400">Mesajlar yükleniyor...</p>
          ) : conversation.isError ? (
            <div role="alert" className="py-10 text-center text-sm text-stone-300">
              <p>{conversation.error.message || 'Konuşma geçmişi alınamadı'}</p>
              <Button
                size="sm"
                variant="outline"
                className="mt-3"
                onClick={() => void conversation.refetch()}
              >
                Tekrar Dene
              </Button>
            </div>
          ) : (
            // A log: the dialog asks for the conversation every few seconds, and a screen reader reads out
            // the messages added since, not the whole list again (the bubbles already there keep their
            // keys and nodes). It appears with the first answer, whose messages are on screen, not news.
            <div role="log" aria-live="polite" aria-label={chat.chatLogLabel} className="space-y-2">
              {count === 0 ? (
                <p className="py-10 text-center text-sm text-stone-400">Henüz mesaj yok</p>
              ) : (
                conversation.data.map((m, i) => {
                  const out = m.direction === 'outbound';
                  // Not (yet) on WhatsApp: a queued invitation waits in the outbox, a failed one never
                  // arrived. Neither is drawn as a sent bubble; each says so in the guest list's words.
                  const unsent = out && (m.status === 'queued' || m.status === 'failed');
                  return (
                    <div
                      key={`${m.timestamp}-${i}`}
                      className={cn('flex', out ? 'justify-end' : 'justify-start')}
                    >
                      <div
                        data-testid={unsent ? `bubble-${m.status}` : out ? 'bubble-out' : 'bubble-in'}
                        className={cn(
                          'max-w-[80%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap text-white shadow',
                          unsent
                            ? 'rounded-tr-none border border-dashed border-white/40 bg-[#1f2c33] text-white/80'
                            : out
                              ? 'rounded-tr-none bg-[#005c4b]'
                              : 'rounded-tl-none bg-[#202c33]',
                        )}
                      >
                        <p>
                          {/* Who wrote it, for those who do not see which side and colour the bubble has. */}
                          <span className="sr-only">{out ? chat.chatFromHost : chat.chatFromGuest} </span>
                          {m.body}
                        </p>
                        {m.unmatched ? (
                          <p
                            data-testid="bubble-unmatched"
                            className="mt-1 rounded bg-amber-400/15 px-2 py-1 text-xs text-amber-200"
                          >
                            {unmatchedNote}
                          </p>
                        ) : null}
                        {unsent ? (
                          <p
                            className={cn(
                              'mt-1 flex items-center justify-end gap-1 text-xs font-medium',
                              m.status === 'failed' ? 'text-red-300' : 'text-amber-200',
                            )}
                          >
                            {m.status === 'failed' ? (
                              <TriangleAlert aria-hidden className="h-3.5 w-3.5" />
                            ) : (
                              <Clock aria-hidden className="h-3.5 w-3.5" />
                            )}
                            {labels[m.status as 'queued' | 'failed']}
                          </p>
                        ) : (
                          <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-white/75">
                            {/* Turkish long form in Istanbul time like the rest of the dashboard ("5 Aralık 2026
                            21:30"), not "5 Ara" in the browser's zone: abroad, the couple sees the guest's time. */}
                            {formatDateTime(m.timestamp)}
                            {out ? <StatusMark status={m.status} /> : null}
                          </p>
                        )}
                      </div>
                    </div>
                  );
                })
              )}
            </div>
          )}
          <div ref={endRef} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
