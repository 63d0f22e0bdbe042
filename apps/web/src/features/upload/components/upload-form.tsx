import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RotateCcw, Upload } from 'lucide-react';
import { submissionTexts, uploadTexts } from '../texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { formatBytes } from '../../../lib/format-date';
import { readGuestToken } from '../guest-token';
import { isSettled, unfinishedCount } from '../pending-upload';
import { useResumableUpload, type UploadSummary } from '../use-resumable-upload';
import {
  addToSelection,
  groupLeftOut,
  noteCounter,
  uploadButtonLabel,
  validateUpload,
  type LeftOut,
  type UploadFormErrors,
} from '../upload-rules';
import { DropZone, pickerId } from './drop-zone';
import { OutcomeBox } from './outcome-box';
import { SummaryAlerts } from './summary-alerts';
import { SelectedFiles } from './selected-files';

const t = submissionTexts;
/** Up to this many files left out for one reason are named one per line; more share one line. */
const namedLeftOut = 3;

/**
 * Picker, previews, name and note, and the resumable upload: the selection is announced as a
 * submission, then each file goes with tus, its progress and outcome shown on its tile. Everything is
 * stored on the phone as it goes, so a reload, a locked phone or a closed tab continues with one tap.
 */
export function UploadForm({
  eventId,
  onUploaded,
  approvedFirst = false,
}: {
  eventId: string;
  /** The album changed; with the upload's outcome when it went to its end. */
  onUploaded: (summary?: UploadSummary) => void;
  /** The couple approves each item before it is in the album: the success message says so. */
  approvedFirst?: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const [leftOut, setLeftOut] = useState<LeftOut[]>([]);
  const upload = useResumableUpload(eventId, {
    onShow: (shown) => {
      setFiles(shown.files.map((f) => f.file));
      setName(shown.uploader);
      setNote(shown.note);
    },
    onFinished: () => {
      setFiles([]);
      setNote('');
      // The files the picker left out belonged to the selection that is now in the album.
      setLeftOut([]);
      // Up to the summary at the top of the form.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    onUploaded,
  });
  const { failure, summary, statuses, sent, sending, trouble, unfinished, offerResume } = upload;

  const addFiles = (incoming: File[], source: 'picker' | 'drop') => {
    const result = addToSelection(files, incoming, source);
    setFiles(result.files);
    setLeftOut(result.leftOut);
    setErrors((e) => ({ ...e, files: undefined }));
    upload.clearSummary();
    if (result.files.length > 0) upload.prepare();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unfinished) {
      upload.run(unfinished);
      return;
    }
    const found = validateUpload({ fileCount: files.length, name, note });
    setErrors(found);
    // To the first field that needs the guest, in the form's order: its error is read out with it.
    const first = found.files ? pickerId : found.name ? 'uploader' : found.note ? 'note' : null;
    if (first) return document.getElementById(first)?.focus();
    upload.run({
      eventId,
      uploader: name,
      note,
      submissionId: null,
      guestToken: readGuestToken(eventId),
      files: files.map((file) => ({ file, state: 'waiting', uploadUrl: null, reason: null })),
    });
  };

  // "Vazgeç" takes its own button away: the keyboard goes on at the picker, back on screen once the
  // form is free, instead of falling to the page's top.
  const pickerAfterDiscard = useRef(false);
  const discard = () => {
    upload.discard();
    setFiles([]);
    setLeftOut([]);
    pickerAfterDiscard.current = true;
  };

  const counter = noteCounter(note);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const loaded = sent.reduce((sum, n) => sum + n, 0);
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const done = statuses?.filter((s) => isSettled(s.state)).length ?? 0;
  const locked = sending || unfinished !== null;
  useEffect(() => {
    if (locked || !pickerAfterDiscard.current) return;
    pickerAfterDiscard.current = false;
    document.getElementById(pickerId)?.focus();
  }, [locked]);

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {summary ? (
        // onFinished scrolls the page to the top smoothly: the box must not scroll it again.
        <OutcomeBox keepScroll testId="upload-summary" className="space-y-3 rounded-lg">
          <SummaryAlerts summary={summary} approvedFirst={approvedFirst} />
        </OutcomeBox>
      ) : null}
      {offerResume && unfinished ? (
        <Alert tone="info" title={t.resumeTitle}>
          {t.resumeBody.replace('{n}', String(unfinishedCount(unfinished)))}
        </Alert>
      ) : null}
      {!locked ? (
        <>
          <DropZone disabled={sending} onFiles={addFiles} />
          <FieldError id="files-error">{errors.files}</FieldError>
        </>
      ) : null}
      {leftOut.length > 0 ? (
        <Alert
          tone="error"
          title={leftOut.length === 1 ? 'Bu dosya eklenmedi:' : `Bu ${leftOut.length} dosya eklenmedi:`}
        >
          <ul className="list-disc space-y-0.5 pl-4" data-testid="left-out">
            {groupLeftOut(leftOut).flatMap(({ reason, names }) =>
              names.length <= namedLeftOut ? (
                names.map((name, i) => (
                  <li key={`${reason}-${i}`}>
                    <span className="font-medium break-all">{name}</span>: {reason}
                  </li>
                ))
              ) : (
                <li key={reason}>
                  {names.length} dosya: {reason}
                  <span className="block text-xs break-all text-red-900/80">
                    {names.slice(0, namedLeftOut).join(', ')} ve {names.length - namedLeftOut} dosya daha
                  </span>
                </li>
              ),
            )}
          </ul>
        </Alert>
      ) : null}
      <SelectedFiles
        files={files}
        sent={statuses ? sent : null}
        statuses={statuses}
        locked={locked}
        onRemove={(index) => {
          setFiles((list) => list.filter((_, i) => i !== index));
          // The box named what the last pick left out and why; with the selection changed since, a
          // limit it cites may no longer hold ("zaten seçili" for a file no longer chosen).
          setLeftOut([]);
        }}
      />
      <div className="space-y-1.5">
        <Label htmlFor="uploader">İsminiz *</Label>
        <Input
          id="uploader"
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          // Read-only rather than disabled while a stored upload is on: the name stays readable.
          readOnly={locked}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'uploader-error' : undefined}
          tall
        />
        <FieldError id="uploader-error">{errors.name}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="note">Not (İsteğe bağlı)</Label>
        <textarea
          id="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          readOnly={locked}
          rows={3}
          // Above the 500-letter rule on purpose: a longer pasted note gets the rule's message instead of
          // being cut without a word.
          maxLength={600}
          placeholder="Çifte iletmek istediğiniz bir not yazabilirsiniz."
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'note-error' : undefined}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none read-only:bg-stone-50"
        />
        {counter ? (
          // Read by sight; a screen reader hears the rule's message if the note runs over.
          <p
            aria-hidden
            className="text-right text-xs text-stone-600 tabular-nums"
            data-testid="note-counter"
          >
            {counter}
          </p>
        ) : null}
        <FieldError id="note-error">{errors.note}</FieldError>
      </div>
      {statuses ? (
        <div className="space-y-2 rounded-xl bg-brand-50 p-4">
          <div className="flex flex-wrap justify-between gap-x-3 text-sm font-medium text-stone-800">
            {/* Announced when a file settles, not on every byte: "3/5 dosya yüklendi". */}
            <span aria-live="polite" data-testid="upload-count">
              {t.progress.replace('{done}', String(done)).replace('{total}', String(statuses.length))}
            </span>
            <span data-testid="upload-progress-text">
              {formatBytes(loaded)} / {formatBytes(total)} · %{percent}
            </span>
          </div>
          <Progress value={percent} label="Yükleme ilerlemesi" />
          {/* Said at once, not after the minute of retries: the guest knows to wait, not to start over. */}
          <p role="status" className="text-sm text-stone-700 empty:hidden" data-testid="upload-trouble">
            {sending && trouble ? (trouble === 'offline' ? t.offline : t.retrying) : null}
          </p>
        </div>
      ) : null}
      {/* Right above the button, so after an interruption the next Tab reaches "Yüklemeye Devam Et". */}
      {failure ? (
        <OutcomeBox className="rounded-lg">
          <Alert tone="error">{failure}</Alert>
        </OutcomeBox>
      ) : null}
      {/* Nothing to send without a file: the button waits for one and says so beside it. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:flex-1"
          disabled={sending || files.length === 0}
          aria-busy={sending}
          aria-describedby={files.length === 0 && !sending ? 'upload-needs-file' : undefined}
        >
          {unfinished && !sending ? (
            <RotateCcw aria-hidden className="h-5 w-5" />
          ) : (
            <Upload aria-hidden className="h-5 w-5" />
          )}
          {sending ? t.sending : unfinished ? t.resume : uploadButtonLabel(files.length)}
        </Button>
        {unfinished && !sending ? (
          <Button type="button" size="lg" variant="outline" className="w-full sm:w-auto" onClick={discard}>
            {t.discard}
          </Button>
        ) : null}
      </div>
      {files.length === 0 && !sending ? (
        <p id="upload-needs-file" className="text-center text-sm text-stone-600">
          {uploadTexts.selectFiles}
        </p>
      ) : null}
    </form>
  );
}
