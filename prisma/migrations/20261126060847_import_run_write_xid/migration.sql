-- AlterTable
ALTER TABLE "import_runs" ADD COLUMN     "write_xid" BIGINT;
