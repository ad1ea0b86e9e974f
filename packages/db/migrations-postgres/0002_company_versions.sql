CREATE TABLE "company_versions" (
	"company_id" text PRIMARY KEY NOT NULL,
	"structure" integer DEFAULT 0 NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_versions" ADD CONSTRAINT "company_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Written by hand (ADR 023, ADR 028), the twin of SQLite's 0009: every company has its row from
-- its creation on, and triggers count each change of its people and their assignments
-- (`structure`) and of its learning progress and quiz results (`progress`). They only update, so
-- a company being deleted (its row cascades away) is never re-inserted.
INSERT INTO "company_versions" ("company_id") SELECT "id" FROM "companies";--> statement-breakpoint
CREATE FUNCTION "portal_company_versions_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_versions (company_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_versions_company_insert" AFTER INSERT ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_company"();--> statement-breakpoint
CREATE FUNCTION "portal_company_versions_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_versions SET structure = structure + 1 WHERE company_id = OLD.company_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE company_versions SET structure = structure + 1 WHERE company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_versions_users_insert_delete" AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_users"();--> statement-breakpoint
CREATE TRIGGER "company_versions_users_move" AFTER UPDATE OF "company_id" ON "users"
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION "portal_company_versions_users"();--> statement-breakpoint
CREATE FUNCTION "portal_company_versions_assignments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_versions SET structure = structure + 1
     WHERE company_id = (SELECT company_id FROM users WHERE id = OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE company_versions SET structure = structure + 1
     WHERE company_id = (SELECT company_id FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_versions_assignments" AFTER INSERT OR DELETE OR UPDATE ON "course_assignments"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_assignments"();--> statement-breakpoint
CREATE FUNCTION "portal_company_versions_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_versions SET progress = progress + 1 WHERE company_id = OLD.company_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    UPDATE company_versions SET progress = progress + 1 WHERE company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_versions_progress" AFTER INSERT OR DELETE OR UPDATE ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_progress"();--> statement-breakpoint
CREATE FUNCTION "portal_company_versions_quiz"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_versions SET progress = progress + 1
     WHERE company_id = (SELECT company_id FROM course_progress WHERE id = OLD.progress_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE company_versions SET progress = progress + 1
     WHERE company_id = (SELECT company_id FROM course_progress WHERE id = NEW.progress_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_versions_quiz" AFTER INSERT OR DELETE OR UPDATE ON "quiz_attempts"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_quiz"();
