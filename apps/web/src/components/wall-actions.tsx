import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, ExternalLink, Link2, MonitorPlay, RefreshCw } from 'lucide-react';
import type { WallLinkResponse } from '@ani/contract/live';
import { messages } from '@ani/contract/messages';
import { formatDateTime } from '../lib/format-date';
import { openWall } from '../lib/owner-tab';
import { createWallLink, renewWallLink } from '../lib/wall-link';
import { Button, type ButtonProps } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Spinner } from './ui/spinner';

const m = messages.wall;
// The hour and minute on Istanbul's clock, where the dates on the page are shown.
const istanbulClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Istanbul',
});

/**
 * The expiry as a person reads it. A link valid until midnight would read "14 Aralık 2026 00:00
 * tarihine kadar", which says the 14th; such an expiry is shown as the last minute of the day before
 * ("13 Aralık 2026 23:59"), which is what it means.
 */
export function wallLinkExpiry(expiresAt: string): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime()) || istanbulClock.format(date) !== '00:00')
    return formatDateTime(expiresAt);
  return formatDateTime(new Date(date.getTime() - 60_000).toISOString());
}

/**
 * "Canlı Duvar": opens the owner's wall in a new tab (it asks for its own token with the session), or
 * makes a wall link for the venue's computer, which is not signed in, with its expiry spelled out.
 */
export function WallActions({
  eventId,
  variant = 'secondary',
  className,
}: {
  eventId: string;
  variant?: ButtonProps['variant'];
  /** For the button that opens the dialog (e.g. a taller one where it is a phone's thumb target). */
  className?: string;
}) {
  const [link, setLink] = useState<WallLinkResponse | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [confirming, setConfirming] = useState(false);
  const [renewal, setRenewal] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const inputId = useId();
  const absolute = link ? new URL(link.url, window.location.origin).href : '';
  // Once a link is made, the keyboard goes to "Kopyala", the next thing to do with it.
  const copyButton = useRef<HTMLButtonElement>(null);
  const focusCopy = useRef(false);
  useEffect(() => {
    if (!focusCopy.current || !link) return;
    focusCopy.current = false;
    copyButton.current?.focus();
  }, [link]);

  const create = async () => {
    // Pressed again while the request runs: the button stays focusable (aria-disabled), so it ignores it.
    if (state === 'busy') return;
    setState('busy');
    setCopied('no');
    try {
      const made = await createWallLink(eventId);
      focusCopy.current = true;
      setLink(made);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  // Asked for after the confirmation closed, so the keyboard is back on "Bağlantıyı Yenile" and stays
  // there while the request runs.
  const renew = async () => {
    setConfirming(false);
    if (renewal === 'busy') return;
    setRenewal('busy');
    setCopied('no');
    try {
      setLink(await renewWallLink(eventId));
      setRenewal('done');
    } catch {
      setRenewal('failed');
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant={variant} className={className}>
          <MonitorPlay aria-hidden className="h-4 w-4" />
          {m.action}
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={`${inputId}-text`}>
        <DialogHeader>
          <DialogTitle>{m.action}</DialogTitle>
          <DialogDescription id={`${inputId}-text`}>{m.dialogText}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => openWall(eventId)}>
            <ExternalLink aria-hidden className="h-4 w-4" />
            {m.open}
          </Button>
          {/* Not `disabled` while the request runs: a disabled button loses the focus, which then fell
              to the dialog itself. */}
          <Button
            variant="outline"
            onClick={() => void create()}
            aria-disabled={state === 'busy' || undefined}
            aria-busy={state === 'busy' || undefined}
          >
            {state === 'busy' ? <Spinner size={4} /> : <Link2 aria-hidden className="h-4 w-4" />}
            {m.createLink}
          </Button>
        </div>
        {state === 'failed' ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
            {m.linkFailed}
          </p>
        ) : null}
        {link ? (
          <div className="mt-4 space-y-2 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
            <label htmlFor={inputId} className="text-sm font-semibold text-stone-800 dark:text-stone-100">
              {m.linkTitle}
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                readOnly
                value={absolute}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="wall-link"
                className="h-10 min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-100"
              />
              <Button ref={copyButton} variant="outline" onClick={() => void copy()} aria-label={m.copy}>
                {copied === 'yes' ? (
                  <Check aria-hidden className="h-4 w-4" />
                ) : (
                  <Copy aria-hidden className="h-4 w-4" />
                )}
                <span className="hidden sm:inline">{m.copy}</span>
              </Button>
            </div>
            <p
              className="text-sm font-medium text-stone-700 dark:text-stone-300"
              data-testid="wall-link-expiry"
            >
              {m.linkExpires.replace('{tarih}', wallLinkExpiry(link.expiresAt))}
            </p>
            <p className="text-xs text-stone-600 dark:text-stone-400">{m.linkHint}</p>
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {copied === 'yes' ? m.copied : null}
            </p>
            {copied === 'failed' ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {m.copyFailed}
              </p>
            ) : null}
          </div>
        ) : null}
        {/* The rare action last, apart from the everyday ones: it stops every copy of the link. */}
        <div className="mt-4 space-y-1 border-t border-stone-200 pt-4 dark:border-stone-700">
          {/* Not `disabled` while the request runs, for the same reason as above. */}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (renewal !== 'busy') setConfirming(true);
            }}
            aria-disabled={renewal === 'busy' || undefined}
            aria-busy={renewal === 'busy' || undefined}
            aria-describedby={`${inputId}-renew`}
          >
            {renewal === 'busy' ? <Spinner size={4} /> : <RefreshCw aria-hidden className="h-4 w-4" />}
            {renewal === 'busy' ? m.renewing : m.renew}
          </Button>
          <p id={`${inputId}-renew`} className="text-xs text-stone-600 dark:text-stone-400">
            {m.renewHint}
          </p>
          {/* Live regions present from the start, so a screen reader announces what is put in them. */}
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {renewal === 'done' ? m.renewed : null}
          </p>
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {renewal === 'failed' ? m.renewFailed : null}
          </p>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={m.renewConfirmTitle}
          description={m.renewHint}
          confirmLabel={m.renewConfirm}
          onConfirm={() => void renew()}
        />
      </DialogContent>
    </Dialog>
  );
}
