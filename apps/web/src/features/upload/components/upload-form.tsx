import { useRef, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { uploadTexts } from '../texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Progress } from '../../../components/ui/progress';
import { formatBytes } from '../../../lib/format-date';
import { UploadError, uploadMedia, type UploadProgress } from '../api/upload-media';
import {
  addToSelection,
  uploadButtonLabel,
  validateUpload,
  type LeftOut,
  type UploadFormErrors,
} from '../upload-rules';
import { DropZone } from './drop-zone';
import { SelectedFiles } from './selected-files';

/** Picker, previews, name and note, and the upload with real progress. */
export function UploadForm({ eventId, onUploaded }: { eventId: string; onUploaded: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const [leftOut, setLeftOut] = useState<LeftOut[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // A ref, not state: a double tap lands before React re-renders the disabled button.
  const busy = useRef(false);
  const uploading = progress !== null;

  const addFiles = (incoming: File[], source: 'picker' | 'drop') => {
    const result = addToSelection(files, incoming, source);
    setFiles(result.files);
    setLeftOut(result.leftOut);
    setErrors((e) => ({ ...e, files: undefined }));
    setSuccess(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const found = validateUpload({ fileCount: files.length, name, note });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    busy.current = true;
    setFailure(null);
    setSuccess(null);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    setProgress({ loaded: 0, total, perFile: files.map(() => 0) });
    try {
      const result = await uploadMedia({ eventId, files, uploader: name, note, onProgress: setProgress });
      setSuccess(result.message || uploadTexts.success.replace('{n}', String(result.count)));
      setFiles([]);
      setNote('');
      window.scrollTo({ top: 0, behavior: 'smooth' });
      onUploaded();
    } catch (error) {
      // Files, name and note stay, so one tap retries on a venue's flaky network.
      setFailure(error instanceof UploadError && error.message ? error.message : uploadTexts.failed);
      if (error instanceof UploadError && error.status === 403) onUploaded();
    } finally {
      busy.current = false;
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {success ? <Alert tone="success">{success}</Alert> : null}
      <DropZone disabled={uploading} onFiles={addFiles} />
      <FieldError id="files-error">{errors.files}</FieldError>
      {leftOut.length > 0 ? (
        <Alert
          tone="error"
          title={leftOut.length === 1 ? 'Bu dosya eklenmedi:' : `Bu ${leftOut.length} dosya eklenmedi:`}
        >
          <ul className="list-disc space-y-0.5 pl-4" data-testid="left-out">
            {leftOut.map((item, i) => (
              <li key={`${item.name}-${i}`}>
                <span className="font-medium break-all">{item.name}</span>: {item.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <SelectedFiles
        files={files}
        sent={progress?.perFile ?? null}
        uploading={uploading}
        onRemove={(index) => setFiles((list) => list.filter((_, i) => i !== index))}
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
          disabled={uploading}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'uploader-error' : undefined}
          className="h-12 text-base"
        />
        <FieldError id="uploader-error">{errors.name}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="note">Not (İsteğe bağlı)</Label>
        <textarea
          id="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          disabled={uploading}
          rows={3}
          maxLength={600}
          placeholder="Çifte iletmek istediğiniz bir not yazabilirsiniz."
          aria-invalid={errors.note ? true : undefined}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none"
        />
        <FieldError>{errors.note}</FieldError>
      </div>
      {progress ? (
        <div className="space-y-2 rounded-xl bg-brand-50 p-4" aria-live="polite">
          <div className="flex justify-between text-sm font-medium text-stone-800">
            <span>Yükleniyor…</span>
            <span data-testid="upload-progress-text">
              {formatBytes(progress.loaded)} / {formatBytes(progress.total)} · %{percent}
            </span>
          </div>
          <Progress value={percent} label="Yükleme ilerlemesi" />
        </div>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {/* Nothing to send without a file: the button waits for one and says so beside it. */}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={uploading || files.length === 0}
        aria-busy={uploading}
        aria-describedby={files.length === 0 && !uploading ? 'upload-needs-file' : undefined}
      >
        <Upload aria-hidden className="h-5 w-5" />
        {uploading ? 'Yükleniyor…' : uploadButtonLabel(files.length)}
      </Button>
      {files.length === 0 && !uploading ? (
        <p id="upload-needs-file" className="text-center text-sm text-stone-600">
          {uploadTexts.selectFiles}
        </p>
      ) : null}
    </form>
  );
}
