-- Events created before bytes_used existed: start it from the media rows they already hold.
UPDATE "events" SET "bytes_used" = COALESCE((SELECT SUM("size") FROM "media" WHERE "media"."event_id" = "events"."id"), 0);
