-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "club_address_id" UUID,
ADD COLUMN     "legal_address_id" UUID,
ADD COLUMN     "logo_file_id" UUID;

-- CreateTable
CREATE TABLE "feedback" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "account_id" UUID,
    "topic" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "page" TEXT,
    "emailed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "feedback_club_id_created_at_idx" ON "feedback"("club_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_logo_file_id_key" ON "clubs"("logo_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_legal_address_id_key" ON "clubs"("legal_address_id");

-- CreateIndex
CREATE UNIQUE INDEX "clubs_club_address_id_key" ON "clubs"("club_address_id");

-- AddForeignKey
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_logo_file_id_fkey" FOREIGN KEY ("logo_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_legal_address_id_fkey" FOREIGN KEY ("legal_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_club_address_id_fkey" FOREIGN KEY ("club_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
