import type { Listen } from '../../db/client.ts';
import { liveChannel } from './live.repository.ts';

/**
 * This process's one LISTEN for the live wall, shared by every open stream: a NOTIFY names the event
 * whose log grew, and only that event's streams go and read it. Opened with the first stream, so a
 * process nobody watches holds no extra connection. When the listening connection was lost and is
 * back, every stream re-reads: what was notified meanwhile is in the log, not lost.
 */
export function createLiveHub(listen: Listen) {
  const streams = new Map<string, Set<() => void>>();
  let listening: Promise<() => Promise<void>> | null = null;

  const wake = (eventId: string) => {
    for (const onChange of streams.get(eventId) ?? []) onChange();
  };
  const wakeAll = () => {
    for (const eventId of streams.keys()) wake(eventId);
  };

  return {
    /** Calls `onChange` whenever this event's log may have grown; answers the way to stop. */
    async subscribe(eventId: string, onChange: () => void): Promise<() => void> {
      listening ??= listen(liveChannel, wake, wakeAll).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      await listening;
      let set = streams.get(eventId);
      if (!set) streams.set(eventId, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0 && streams.get(eventId) === set) streams.delete(eventId);
      };
    },

    async close(): Promise<void> {
      const stop = listening;
      listening = null;
      streams.clear();
      if (stop) await (await stop)();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
