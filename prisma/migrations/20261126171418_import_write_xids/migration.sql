-- Issue 12: on PGlite (one session) an import is committed slice by slice so other requests are served between
-- the slices; each slice is its own transaction, so a run now records every transaction id its writes were made in
-- (the undo tells a row as the run left it by its xmin). The one id of earlier runs is carried over.
ALTER TABLE "import_runs" ADD COLUMN "write_xids" BIGINT[] DEFAULT ARRAY[]::BIGINT[];

UPDATE "import_runs" SET "write_xids" = ARRAY["write_xid"] WHERE "write_xid" IS NOT NULL;

ALTER TABLE "import_runs" DROP COLUMN "write_xid";
