-- AlterTable
ALTER TABLE "import_runs" ADD COLUMN     "undoable_until" TIMESTAMPTZ(3),
ADD COLUMN     "undone_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "import_run_changes" (
    "run_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "tax_id_code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "person_created" BOOLEAN NOT NULL,
    "role_id" UUID NOT NULL,
    "role_created" BOOLEAN NOT NULL,
    "address_id" UUID,
    "address_created" BOOLEAN NOT NULL DEFAULT false,
    "person_before" JSONB,
    "person_after" JSONB,
    "address_before" JSONB,
    "address_after" JSONB,
    "role_before" JSONB,
    "role_after" JSONB,
    "details_before" JSONB,
    "details_after" JSONB,
    "group_member_ids" UUID[] DEFAULT ARRAY[]::UUID[],

    CONSTRAINT "import_run_changes_pkey" PRIMARY KEY ("run_id","person_id")
);

-- CreateTable
CREATE TABLE "import_mappings" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "kind" "PersonKind" NOT NULL,
    "headers_key" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "import_run_changes_club_id_idx" ON "import_run_changes"("club_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_mappings_club_id_kind_headers_key_key" ON "import_mappings"("club_id", "kind", "headers_key");

-- AddForeignKey
ALTER TABLE "import_run_changes" ADD CONSTRAINT "import_run_changes_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_run_changes" ADD CONSTRAINT "import_run_changes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "import_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
