-- CreateEnum
CREATE TYPE "RegistrationFormStatus" AS ENUM ('bozza', 'aperto', 'chiuso');

-- CreateEnum
CREATE TYPE "RegistrationSubmissionStatus" AS ENUM ('da_firmare', 'in_attesa', 'modifiche_richieste', 'approvata', 'rifiutata', 'sostituita');

-- CreateTable
CREATE TABLE "registration_forms" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "intro" TEXT NOT NULL DEFAULT '',
    "status" "RegistrationFormStatus" NOT NULL DEFAULT 'bozza',
    "token" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "group_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registration_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "registration_submissions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "form_id" UUID NOT NULL,
    "status" "RegistrationSubmissionStatus" NOT NULL DEFAULT 'da_firmare',
    "email" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "code_hash" TEXT,
    "code_expires_at" TIMESTAMPTZ(3),
    "code_attempts" INTEGER NOT NULL DEFAULT 0,
    "access_hash" TEXT NOT NULL,
    "signer_name" TEXT,
    "signed_at" TIMESTAMPTZ(3),
    "signed_ip" TEXT,
    "signed_user_agent" TEXT,
    "signed_content" TEXT,
    "content_hash" TEXT,
    "pdf_file_id" UUID,
    "notice_id" UUID,
    "replaces_id" UUID,
    "reason" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" UUID,
    "person_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registration_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "registration_documents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "person_index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "file_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registration_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "registration_forms_token_key" ON "registration_forms"("token");

-- CreateIndex
CREATE INDEX "registration_forms_club_id_created_at_idx" ON "registration_forms"("club_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "registration_submissions_access_hash_key" ON "registration_submissions"("access_hash");

-- CreateIndex
CREATE UNIQUE INDEX "registration_submissions_content_hash_key" ON "registration_submissions"("content_hash");

-- CreateIndex
CREATE UNIQUE INDEX "registration_submissions_pdf_file_id_key" ON "registration_submissions"("pdf_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "registration_submissions_replaces_id_key" ON "registration_submissions"("replaces_id");

-- CreateIndex
CREATE INDEX "registration_submissions_club_id_status_created_at_idx" ON "registration_submissions"("club_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "registration_submissions_form_id_status_idx" ON "registration_submissions"("form_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "registration_documents_file_id_key" ON "registration_documents"("file_id");

-- CreateIndex
CREATE UNIQUE INDEX "registration_documents_submission_id_person_index_kind_key" ON "registration_documents"("submission_id", "person_index", "kind");

-- AddForeignKey
ALTER TABLE "registration_forms" ADD CONSTRAINT "registration_forms_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_forms" ADD CONSTRAINT "registration_forms_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_forms" ADD CONSTRAINT "registration_forms_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_submissions" ADD CONSTRAINT "registration_submissions_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_submissions" ADD CONSTRAINT "registration_submissions_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "registration_forms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_submissions" ADD CONSTRAINT "registration_submissions_pdf_file_id_fkey" FOREIGN KEY ("pdf_file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_submissions" ADD CONSTRAINT "registration_submissions_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "privacy_notices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_submissions" ADD CONSTRAINT "registration_submissions_replaces_id_fkey" FOREIGN KEY ("replaces_id") REFERENCES "registration_submissions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_documents" ADD CONSTRAINT "registration_documents_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_documents" ADD CONSTRAINT "registration_documents_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "registration_submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registration_documents" ADD CONSTRAINT "registration_documents_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A signed submission is evidence: its content, the signed text, its hash, signer, time, IP and PDF never change
-- (editing the people later changes neither the PDF nor its hash).
CREATE FUNCTION "registration_submissions_signed_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."signed_at" IS NOT NULL AND (
       NEW."content" IS DISTINCT FROM OLD."content" OR NEW."signed_content" IS DISTINCT FROM OLD."signed_content"
    OR NEW."content_hash" IS DISTINCT FROM OLD."content_hash" OR NEW."signer_name" IS DISTINCT FROM OLD."signer_name"
    OR NEW."signed_at" IS DISTINCT FROM OLD."signed_at" OR NEW."signed_ip" IS DISTINCT FROM OLD."signed_ip"
    OR NEW."pdf_file_id" IS DISTINCT FROM OLD."pdf_file_id" OR NEW."notice_id" IS DISTINCT FROM OLD."notice_id"
    OR NEW."email" IS DISTINCT FROM OLD."email" OR NEW."form_id" IS DISTINCT FROM OLD."form_id" OR NEW."club_id" IS DISTINCT FROM OLD."club_id") THEN
    RAISE EXCEPTION 'a signed registration is never edited' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "registration_submissions_signed_frozen" BEFORE UPDATE ON "registration_submissions"
FOR EACH ROW EXECUTE FUNCTION "registration_submissions_signed_frozen"();

-- The signed PDF's bytes are evidence too.
CREATE FUNCTION "registration_pdf_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "registration_submissions" s WHERE s."pdf_file_id" = OLD."id") AND NEW."content" IS DISTINCT FROM OLD."content" THEN
    RAISE EXCEPTION 'a signed registration PDF is never edited' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "registration_pdf_unchanged" BEFORE UPDATE OF "content" ON "stored_files"
FOR EACH ROW EXECUTE FUNCTION "registration_pdf_unchanged"();

-- A form's season and group, a submission's form, notice and PDF, a document's submission and file belong to their club.
CREATE FUNCTION "registration_forms_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "club_seasons" s WHERE s."id" = NEW."season_id" AND s."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "groups" g WHERE g."id" = NEW."group_id" AND g."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a registration_forms row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "registration_forms_same_club" BEFORE INSERT OR UPDATE ON "registration_forms" FOR EACH ROW EXECUTE FUNCTION "registration_forms_same_club"();

CREATE FUNCTION "registration_submissions_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "registration_forms" f WHERE f."id" = NEW."form_id" AND f."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "privacy_notices" n WHERE n."id" = NEW."notice_id" AND n."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "stored_files" f WHERE f."id" = NEW."pdf_file_id" AND f."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a registration_submissions row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "registration_submissions_same_club" BEFORE INSERT OR UPDATE OF "club_id", "form_id", "notice_id", "pdf_file_id" ON "registration_submissions"
FOR EACH ROW EXECUTE FUNCTION "registration_submissions_same_club"();

CREATE FUNCTION "registration_documents_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "registration_submissions" s WHERE s."id" = NEW."submission_id" AND s."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "stored_files" f WHERE f."id" = NEW."file_id" AND f."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a registration_documents row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "registration_documents_same_club" BEFORE INSERT OR UPDATE ON "registration_documents" FOR EACH ROW EXECUTE FUNCTION "registration_documents_same_club"();
