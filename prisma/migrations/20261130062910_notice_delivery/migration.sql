-- DropIndex
DROP INDEX "notices_club_id_sent_at_idx";

-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "notice_quiet_end" SMALLINT DEFAULT 420,
ADD COLUMN     "notice_quiet_start" SMALLINT DEFAULT 1320;

-- AlterTable
ALTER TABLE "notice_recipients" ADD COLUMN     "claimed_at" TIMESTAMPTZ(3),
ADD COLUMN     "mail_id" UUID,
ALTER COLUMN "token_hash" DROP NOT NULL;

-- AlterTable
ALTER TABLE "notices" ADD COLUMN     "cancelled_at" TIMESTAMPTZ(3),
ADD COLUMN     "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "deliver_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "scheduled_for" TIMESTAMPTZ(3),
ALTER COLUMN "sent_at" DROP NOT NULL,
ALTER COLUMN "sent_at" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "notice_recipients_notice_id_emailed_at_idx" ON "notice_recipients"("notice_id", "emailed_at");

-- CreateIndex
CREATE INDEX "notices_club_id_created_at_idx" ON "notices"("club_id", "created_at");

-- CreateIndex
CREATE INDEX "notices_deliver_at_idx" ON "notices"("deliver_at");

-- The notices sent before scheduling existed were created, due and sent at once.
UPDATE "notices" SET "created_at" = "sent_at", "deliver_at" = "sent_at" WHERE "sent_at" IS NOT NULL;

-- AlterTable
ALTER TABLE "notice_recipients" ADD COLUMN     "reminded_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminder_token_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "notice_recipients_reminder_token_hash_key" ON "notice_recipients"("reminder_token_hash");
