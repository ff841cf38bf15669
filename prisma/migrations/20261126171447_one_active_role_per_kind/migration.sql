-- Issue 15 (coming back): an archived person can be registered again. A person keeps at most one ACTIVE role per
-- kind; archived roles are history and stay beside the new one, so the unique index covers active rows only.
-- Every existing row already satisfies it (the old index allowed one role per person and kind at all).

-- DropIndex
DROP INDEX "person_roles_person_id_kind_key";

-- CreateIndex
CREATE UNIQUE INDEX "person_roles_one_active_per_kind" ON "person_roles"("person_id", "kind") WHERE (archived_at IS NULL);

-- Every role of a person, archived ones too: the partial index cannot serve "the roles of this person" (the undo of
-- an import and the person page look them up by person).
CREATE INDEX "person_roles_person_id_kind_idx" ON "person_roles"("person_id", "kind");
