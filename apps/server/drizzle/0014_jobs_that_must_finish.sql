-- The kinds that must finish (store clean-ups, the album purge, the retention warning, the account
-- deletion) now retry for about a week. Jobs queued before that keep the attempts they were queued
-- with: they are given the new allowance. Clean-ups and deletions that already gave up are started
-- again (each checks what is still to do); a warning that gave up is not, as its moment has passed.
UPDATE "jobs" SET "max_attempts" = 200
WHERE "kind" IN ('storage.delete-objects', 'media.sweep-upload', 'media.purge-event', 'events.retention-notice', 'users.delete-account')
  AND "max_attempts" < 200;
--> statement-breakpoint
UPDATE "jobs" SET "status" = 'pending', "attempts" = 0, "run_at" = now(), "locked_by" = NULL, "locked_until" = NULL, "updated_at" = now()
WHERE "kind" IN ('storage.delete-objects', 'media.sweep-upload', 'media.purge-event', 'users.delete-account')
  AND "status" = 'failed';
