import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import { AlertTriangle, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { approveGuestList } from '../api/guests-api';
import { queryKeys, whatsappStatusQuery } from '../../../lib/queries';

export function ApprovalDialog({
  open,
  onOpenChange,
  onApproved,
  weddingId,
  unsavedRows = 0,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** After the approval is saved, before the approved page replaces the one that opened this. */
  onApproved?: () => void;
  weddingId: string;
  /** Rows typed on the page but not saved (incomplete or refused): they stay out of the list. */
  unsavedRows?: number;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Approving starts the invitations: the host hears before, not after, that they would only wait.
  const whatsapp = useQuery({ ...whatsappStatusQuery(weddingId), enabled: open, refetchInterval: false });
  const notConnected = whatsapp.data?.connected === false;
  const confirm = async () => {
    setBusy(true);
    try {
      const r = await approveGuestList(weddingId);
      // The approval has just queued the invitations: the counts read before it (all zeros) are dropped
      // and asked again now, so the approved page waits for the real ones instead of showing the zeros.
      void queryClient.resetQueries({ queryKey: queryKeys.whatsappStatus(weddingId), exact: true });
      toast({
        title: 'Başarılı',
        description: `Misafir listesi onaylandı! ${r.guestTotal} davetli ve toplam ${r.peopleTotal} kişi kaydedildi.`,
        variant: 'success',
      });
      onApproved?.();
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.weddings });
      await queryClient.invalidateQueries({ queryKey: ['guests', weddingId] });
    } catch (error) {
      toast({
        title: 'Hata',
        description:
          error instanceof ApiError && error.message
            ? error.message
            : 'Misafir listesi onaylanırken bir hata oluştu.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Davetli Listesini Onayla</DialogTitle>
          <DialogDescription>
            Onayladığınızda davetlilerinize WhatsApp davetiyeleri gönderilmeye başlar.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-2 text-sm">
          <li className="flex gap-2">
            <AlertTriangle aria-hidden className="h-4 w-4 shrink-0 text-amber-500" /> Bu işlem geri alınamaz;
            onaydan sonra yeni davetli eklenemez.
          </li>
          <li className="flex gap-2">
            <AlertTriangle aria-hidden className="h-4 w-4 shrink-0 text-amber-500" /> Tüm davetlilerinizi
            eklediğinizden emin olun.
          </li>
          <li className="flex gap-2">
            <AlertTriangle aria-hidden className="h-4 w-4 shrink-0 text-amber-500" /> Yalnızca doldurulmuş ve
            kaydedilmiş satırlar listeye dahil edilir.
          </li>
          {unsavedRows > 0 ? (
            <li
              className="flex gap-2 font-medium text-red-700 dark:text-red-300"
              data-testid="unsaved-warning"
            >
              <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" /> {unsavedRows} satır kaydedilmedi
              (eksik ya da hatalı); onaylarsanız listeye girmez ve sonradan eklenemez.
            </li>
          ) : null}
          {notConnected ? (
            <li
              className="flex gap-2 font-medium text-amber-800 dark:text-amber-200"
              data-testid="whatsapp-warning"
            >
              <WifiOff aria-hidden className="h-4 w-4 shrink-0" /> {messages.whatsapp.notConnected}{' '}
              Onaylarsanız bağlantı kurulduğunda otomatik olarak gönderilecekler.
            </li>
          ) : null}
        </ul>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            İptal
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Onaylanıyor...' : 'Onayla ve Kaydet'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
