-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "is_operator" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "leads" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "club_name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "region" TEXT,
    "members" TEXT NOT NULL,
    "funnel_name" TEXT NOT NULL DEFAULT 'direct',
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "leads_created_at_idx" ON "leads"("created_at");

-- CreateIndex
CREATE INDEX "leads_funnel_name_idx" ON "leads"("funnel_name");
