import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { firstChoosableDay, istanbulDay } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { createWedding } from '../api/dashboard-api';
import { weddingTimeOptions } from '../time-options';
import { queryKeys } from '../../../lib/queries';

const w = messages.weddings;
const times = weddingTimeOptions();

const fields = [
  { name: 'title', label: 'Etkinlik Adı', placeholder: 'Ayşe & Mehmet Düğünü', type: 'text' },
  { name: 'weddingDate', label: 'Düğün Tarihi', type: 'date' },
  { name: 'venueName', label: 'Mekan Adı', placeholder: 'Boğaziçi Davet Salonu', type: 'text' },
  {
    name: 'venueLocation',
    label: 'Mekan Konumu (Harita Linki)',
    placeholder: 'https://maps.google.com/...',
    type: 'url',
  },
  { name: 'brideName', label: 'Gelin Adı', type: 'text' },
  { name: 'brideSurname', label: 'Gelin Kızlık Soyadı', type: 'text' },
  { name: 'groomName', label: 'Damat Adı', type: 'text' },
  { name: 'groomSurname', label: 'Damat Soyadı', type: 'text' },
] as const;
/** Fields a whole row wide (the venue's two share no row with a half-width field). */
const wide = new Set<string>(['title', 'venueName', 'venueLocation']);

type FieldName = (typeof fields)[number]['name'] | 'weddingTime' | 'capacity';
type Form = Record<FieldName, string>;
const empty: Form = {
  title: '',
  weddingDate: '',
  weddingTime: '',
  venueName: '',
  venueLocation: '',
  brideName: '',
  brideSurname: '',
  groomName: '',
  groomSurname: '',
  capacity: '',
};

/**
 * Every field but capacity is required. One toast names them all ("Eksik Bilgi"); the empty fields
 * themselves are marked too, so the host sees where to type.
 */
function missingFields(form: Form): FieldName[] {
  return (Object.keys(empty) as FieldName[]).filter((k) => k !== 'capacity' && !form[k].trim());
}

const requiredNote = 'Bu alan zorunludur.';

/**
 * With `event` (made earlier on the events page) the wedding is attached to it, starting from its
 * title and date; without, the event and the wedding are created together.
 */
export function CreateWeddingForm({
  event,
  onCreated,
}: {
  event?: { id: string; title: string; eventDate: string };
  /** After the wedding is saved, before the page shows it in the form's place. */
  onCreated?: () => void;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() =>
    event ? { ...empty, title: event.title, weddingDate: istanbulDay(new Date(event.eventDate)) } : empty,
  );
  // Past days are refused (the album would close at once), except the attached event's own day.
  const firstDay = firstChoosableDay(event ? new Date(event.eventDate) : null);
  const set = (name: FieldName, value: string) => setForm((f) => ({ ...f, [name]: value }));
  // Marks appear after the first attempt and follow the typing from then on.
  const [tried, setTried] = useState(false);
  const missing = tried ? missingFields(form) : [];
  const markOf = (name: FieldName) =>
    missing.includes(name) ? { 'aria-invalid': true as const, 'aria-describedby': `cw-${name}-missing` } : {};
  const note = (name: FieldName) =>
    missing.includes(name) ? (
      <p id={`cw-${name}-missing`} className="text-xs text-red-700 dark:text-red-400">
        {requiredNote}
      </p>
    ) : null;
  const mutation = useMutation({
    mutationFn: () =>
      createWedding({
        username: user?.username ?? '',
        ...form,
        capacity: form.capacity.trim() === '' ? null : form.capacity,
        eventId: event?.id,
      }),
    onSuccess: async (r) => {
      onCreated?.();
      toast({ title: 'Başarılı', description: r.message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.events });
      await queryClient.invalidateQueries({ queryKey: queryKeys.weddings });
    },
    onError: (error) => {
      // A validation answer names the field; anything else gets the general failure text.
      const description = error instanceof ApiError && error.status === 400 ? error.message : w.createFailed;
      toast({ title: 'Hata', description, variant: 'destructive' });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empties = missingFields(form);
    setTried(true);
    if (empties.length > 0) {
      toast({ title: w.missingInfoTitle, description: w.createRequired, variant: 'destructive' });
      document.getElementById(`cw-${empties[0]}`)?.focus();
      return;
    }
    mutation.mutate();
  };

  const field = (f: (typeof fields)[number]) => (
    <div key={f.name} className={wide.has(f.name) ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
      <Label htmlFor={`cw-${f.name}`}>{f.label} *</Label>
      <Input
        id={`cw-${f.name}`}
        type={f.type}
        value={form[f.name]}
        placeholder={'placeholder' in f ? f.placeholder : undefined}
        min={f.type === 'date' ? firstDay : undefined}
        onChange={(e) => set(f.name, e.target.value)}
        {...markOf(f.name)}
      />
      {note(f.name)}
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Düğün oluşturma formu"
    >
      {/* The order the missing-fields message names them in: the time right after the date. */}
      {fields.slice(0, 2).map(field)}
      <div className="space-y-1.5">
        <Label htmlFor="cw-weddingTime">Düğün Saati *</Label>
        <select
          id="cw-weddingTime"
          value={form.weddingTime}
          onChange={(e) => set('weddingTime', e.target.value)}
          {...markOf('weddingTime')}
          className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm aria-invalid:border-red-600 dark:border-stone-600 dark:bg-stone-900 dark:aria-invalid:border-red-400"
        >
          <option value="">Saat seçin</option>
          {times.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {note('weddingTime')}
      </div>
      {fields.slice(2).map(field)}
      <div className="space-y-1.5">
        <Label htmlFor="cw-capacity">Kapasite (isteğe bağlı)</Label>
        <Input
          id="cw-capacity"
          type="number"
          min={1}
          placeholder="250"
          value={form.capacity}
          onChange={(e) => set('capacity', e.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={mutation.isPending}>
          {mutation.isPending ? 'Oluşturuluyor...' : 'Düğünü Oluştur'}
        </Button>
      </div>
    </form>
  );
}
