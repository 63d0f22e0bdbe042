import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Clock, RotateCcw, Upload } from 'lucide-react';
import { submissionTexts, uploadTexts } from '../texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { formatBytes } from '../../../lib/format-date';
import { readGuestToken } from '../guest-token';
import { unfinishedCount } from '../pending-upload';
import { useResumableUpload, type UploadSummary } from '../use-resumable-upload';
import {
  addToSelection,
  groupLeftOut,
  noteCounter,
  uploadButtonLabel,
  validateUpload,
  waitText,
  type LeftOut,
  type UploadFormErrors,
} from '../upload-rules';
import { DropZone, pickerId, useTouchPointer } from './drop-zone';
import { OutcomeBox } from './outcome-box';
import { SummaryAlerts } from './summary-alerts';
import { SelectedFiles } from './selected-files';

const t = submissionTexts;
/** Up to this many files left out for one reason are named one per line; more share one line. */
const namedLeftOut = 3;

/** The messages that ask the guest to tap, as they are said to someone with a mouse. */
const clickWording = new Map<string, string>([
  [t.connectionLost, t.connectionLostClick],
  [t.otherTab, t.otherTabClick],
]);

/**
 * The wait for a busy server, counting down. Not a live region: its figure changes every second, which
 * a screen reader would read out each time; it is read with the box when the box takes the focus.
 */
function BusyNote({ left }: { left: number }) {
  return (
    <div
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-500/40 dark:bg-sky-500/10 dark:text-sky-100"
      data-testid="upload-busy"
    >
      <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{waitText(left)}</p>
    </div>
  );
}

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
  const { failure, summary, statuses, sent, sending, trouble, unfinished, offerResume, busyWait } = upload;
  // Tap or click, as the picker says it.
  const touch = useTouchPointer();
  const failureText = failure && !touch ? (clickWording.get(failure) ?? failure) : failure;

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
  // "yüklendi" counts only the files that reached the album now, as the summary's figure does; the files
  // done without doing so are said beside it, so the count never runs ahead of what arrived.
  const countOf = (state: string) => statuses?.filter((s) => s.state === state).length ?? 0;
  const count = [
    t.progress
      .replace('{done}', String(countOf('accepted')))
      .replace('{total}', String(statuses?.length ?? 0)),
    countOf('refused') > 0 ? t.progressRefused.replace('{n}', String(countOf('refused'))) : null,
    countOf('duplicate') > 0 ? t.progressDuplicates.replace('{n}', String(countOf('duplicate'))) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const locked = sending || unfinished !== null;
  useEffect(() => {
    if (locked || !pickerAfterDiscard.current) return;
    pickerAfterDiscard.current = false;
    document.getElementById(pickerId)?.focus();
  }, [locked]);

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {/* In the page from the start (hidden while empty): the success message is said in a live region
          that was there before it. onFinished scrolls the page to the top smoothly: the box must not
          scroll it again. */}
      <OutcomeBox open={summary !== null} keepScroll testId="upload-summary" className="space-y-3 rounded-lg">
        <SummaryAlerts summary={summary} approvedFirst={approvedFirst} />
      </OutcomeBox>
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
        {/* The asterisk is for the eye; a screen reader hears "required" from aria-required instead of
            "yıldız". Not the required attribute: the browser's own bubble would cover the page's message. */}
        <Label htmlFor="uploader">
          İsminiz <span aria-hidden="true">*</span>
        </Label>
        <Input
          id="uploader"
          autoComplete="name"
          aria-required="true"
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
            {/* Announced when a file settles, not on every byte: "3/5 dosya yüklendi, 1 dosya yüklenmedi". */}
            <span aria-live="polite" data-testid="upload-count">
              {count}
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
      {failureText ? (
        <OutcomeBox className="rounded-lg">
          <Alert tone="error">{failureText}</Alert>
        </OutcomeBox>
      ) : null}
      {/* After a tap the wait is that tap's outcome and takes the focus; found on arrival, it leaves the
          focus where the page put it. */}
      {busyWait ? (
        busyWait.restored ? (
          <BusyNote left={busyWait.left} />
        ) : (
          <OutcomeBox className="rounded-lg">
            <BusyNote left={busyWait.left} />
          </OutcomeBox>
        )
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
          {sending
            ? t.sending
            : busyWait
              ? t.startNow
              : unfinished
                ? t.resume
                : uploadButtonLabel(files.length)}
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
