-- CreateTable
CREATE TABLE "import_runs" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "account_id" UUID,
    "actor_name" TEXT,
    "file_name" TEXT NOT NULL,
    "file_format" TEXT NOT NULL,
    "kind" "PersonKind" NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "total_rows" INTEGER NOT NULL,
    "new_rows" INTEGER NOT NULL,
    "updated_rows" INTEGER NOT NULL,
    "unchanged_rows" INTEGER NOT NULL,
    "invalid_rows" INTEGER NOT NULL,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "import_runs_club_id_created_at_id_idx" ON "import_runs"("club_id", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
