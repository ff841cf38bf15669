-- AlterTable
ALTER TABLE "import_run_changes" ADD COLUMN     "other_rows_before" JSONB;
