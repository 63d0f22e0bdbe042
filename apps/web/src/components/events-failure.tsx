import { AlertCircle, RefreshCw } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Event } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * True when the host's events could not be read and none are known. Such a page must not say "no event
 * yet" (the couple would be told their album does not exist); it shows `EventsFailure` instead. It
 * stays true while a retry runs, so the retry button keeps the keyboard's place.
 */
export function eventsUnavailable(events: UseQueryResult<Event[]>): boolean {
  return events.data === undefined && events.errorUpdateCount > 0;
}

/** The events list's failure on a page that needs an event: the spec's text and a retry button. */
export function EventsFailure({
  events,
  className,
}: {
  events: UseQueryResult<Event[]>;
  className?: string;
}) {
  const retrying = events.isFetching;
  return (
    <section
      role="alert"
      data-testid="events-failure"
      className={cn('mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center', className)}
    >
      <AlertCircle aria-hidden className="h-12 w-12 text-brand-600" />
      <p className="mt-4 text-lg font-medium text-stone-800 dark:text-stone-100">
        {messages.events.listFailed}
      </p>
      <Button
        variant="outline"
        className="mt-6 max-sm:min-h-11"
        // Not `disabled` while it runs: a disabled button would drop the focus to the page.
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) void events.refetch();
        }}
      >
        {retrying ? <Spinner size={4} /> : <RefreshCw aria-hidden className="h-4 w-4" />}
        {messages.media.loadRetry}
      </Button>
    </section>
  );
}
