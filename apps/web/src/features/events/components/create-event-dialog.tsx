import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import { limits } from '@ani/contract/limits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { createEvent } from '../api/events-api';
import { eventDateIso, firstCreateEventError, todayInIstanbul, type CreateEventForm } from '../event-rules';
import { queryKeys } from '../../../lib/queries';

const empty: CreateEventForm = { title: '', date: '', description: '' };

/** "Yeni Etkinlik": title, date (past days disabled), optional description. */
export function CreateEventDialog({ triggerLabel = 'Yeni Etkinlik' }: { triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<{ field: keyof CreateEventForm; message: string } | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createEvent,
    onSuccess: () => {
      toast({ title: messages.events.created, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events });
      setOpen(false);
      setForm(empty);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = firstCreateEventError(form);
    setError(found);
    if (found) {
      toast({ title: found.toastTitle, description: found.message, variant: 'destructive' });
      return;
    }
    mutation.mutate({
      title: form.title.trim(),
      eventDate: eventDateIso(form.date),
      description: form.description.trim() || null,
    });
  };

  const field = (name: keyof CreateEventForm) => ({
    id: `event-${name}`,
    value: form[name],
    'aria-invalid': error?.field === name ? true : undefined,
    'aria-describedby': error?.field === name ? `event-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      // A corrected field stops showing its old error.
      setError((current) => (current?.field === name ? null : current));
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setError(null);
          mutation.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden className="h-4 w-4" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Yeni Etkinlik Oluştur</DialogTitle>
          <DialogDescription>Misafirleriniz bu etkinliğe fotoğraf ve video yükleyecek.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="event-title">Etkinlik Adı</Label>
            <Input
              {...field('title')}
              maxLength={limits.eventTitleMax + 20}
              placeholder="Ayşe & Mehmet Düğünü"
            />
            <FieldError id="event-title-error">
              {error?.field === 'title' ? error.message : undefined}
            </FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="event-date">Etkinlik Tarihi</Label>
            <Input {...field('date')} type="date" min={todayInIstanbul()} />
            <FieldError id="event-date-error">
              {error?.field === 'date' ? error.message : undefined}
            </FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="event-description">Açıklama (İsteğe bağlı)</Label>
            <textarea
              {...field('description')}
              rows={3}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none aria-invalid:border-red-600"
            />
            <FieldError id="event-description-error">
              {error?.field === 'description' ? error.message : undefined}
            </FieldError>
          </div>
          {mutation.isError ? (
            <Alert>
              {mutation.error instanceof ApiError ? mutation.error.message : messages.weddings.createFailed}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Oluşturuluyor…' : 'Etkinliği Oluştur'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
