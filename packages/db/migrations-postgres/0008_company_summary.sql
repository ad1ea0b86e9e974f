CREATE TABLE "company_due_counts" (
	"company_id" text PRIMARY KEY NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"due_soon" integer DEFAULT 0 NOT NULL,
	"counted_on" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_summary" (
	"company_id" text PRIMARY KEY NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_due_counts" ADD CONSTRAINT "company_due_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_summary" ADD CONSTRAINT "company_summary_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_due_counts_overdue_idx" ON "company_due_counts" USING btree ("overdue","company_id");--> statement-breakpoint
CREATE INDEX "companies_insurance_number_idx" ON "companies" USING btree ("insurance_number","id");--> statement-breakpoint
-- Written by hand (ADR 035, ADR 028): the PostgreSQL twin of the SQLite migration
-- 0014_company_summary. `company_summary` starts from the existing rows, then triggers keep it in
-- step with every later write, foreign-key cascades included. Only UPDATEs of existing rows: a
-- row is made when its company is, so that no trigger can bring back a deleted company's row.
INSERT INTO "company_summary" ("company_id", "learners", "assigned", "completed")
  SELECT c."id",
         (SELECT count(DISTINCT a."user_id") FROM "users" u JOIN "course_assignments" a ON a."user_id" = u."id" WHERE u."company_id" = c."id"),
         (SELECT count(*) FROM "users" u JOIN "course_assignments" a ON a."user_id" = u."id" WHERE u."company_id" = c."id"),
         (SELECT count(*) FROM "users" u JOIN "course_assignments" a ON a."user_id" = u."id"
            JOIN "course_progress" p ON p."user_id" = a."user_id" AND p."course_slug" = a."course_slug"
           WHERE u."company_id" = c."id" AND p."status" = 'completed')
    FROM "companies" c;--> statement-breakpoint
CREATE FUNCTION "portal_company_summary_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_summary (company_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_summary_company" AFTER INSERT ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_summary_company"();--> statement-breakpoint
-- A person's contribution to their company's row: learner (0/1), assigned, completed.
CREATE FUNCTION "portal_company_summary_add_person"(person text, company text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_summary
     SET learners = learners + sign * (EXISTS (SELECT 1 FROM course_assignments WHERE user_id = person))::integer,
         assigned = assigned + sign * (SELECT count(*) FROM course_assignments WHERE user_id = person)::integer,
         completed = completed + sign * (SELECT count(*) FROM course_assignments a JOIN course_progress p
            ON p.user_id = a.user_id AND p.course_slug = a.course_slug WHERE a.user_id = person AND p.status = 'completed')::integer
   -- During a company's own delete its row is going too: nothing to count (and no row to touch).
   WHERE company_id = company AND EXISTS (SELECT 1 FROM companies WHERE id = company);
END $$;--> statement-breakpoint
-- Assignments are counted per statement, from its transition table: PostgreSQL runs row triggers
-- after the whole statement, so a row trigger of a statement that assigns a person several courses
-- would see all of them and could not tell whether the person was a learner before. A person's
-- company is read now: during a person's cascade it is gone, and the person's own trigger below
-- has already subtracted everything.
CREATE FUNCTION "portal_company_summary_assigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_summary s
     SET assigned = s.assigned + d.assigned, learners = s.learners + d.learners, completed = s.completed + d.completed
    FROM (SELECT u.company_id,
                 count(*)::integer AS assigned,
                 -- New learners: everything the person has now came with this statement.
                 (count(DISTINCT i.user_id) FILTER (WHERE (SELECT count(*) FROM course_assignments a WHERE a.user_id = i.user_id)
                   = (SELECT count(*) FROM inserted i2 WHERE i2.user_id = i.user_id)))::integer AS learners,
                 (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM course_progress p
                   WHERE p.user_id = i.user_id AND p.course_slug = i.course_slug AND p.status = 'completed')))::integer AS completed
            FROM inserted i JOIN users u ON u.id = i.user_id
           GROUP BY u.company_id) d
   WHERE s.company_id = d.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "portal_company_summary_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_summary s
     SET assigned = s.assigned - d.assigned, learners = s.learners - d.learners, completed = s.completed - d.completed
    FROM (SELECT u.company_id,
                 count(*)::integer AS assigned,
                 (count(DISTINCT r.user_id) FILTER (WHERE NOT EXISTS (SELECT 1 FROM course_assignments a
                   WHERE a.user_id = r.user_id)))::integer AS learners,
                 (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM course_progress p
                   WHERE p.user_id = r.user_id AND p.course_slug = r.course_slug AND p.status = 'completed')))::integer AS completed
            FROM removed r JOIN users u ON u.id = r.user_id
           GROUP BY u.company_id) d
   WHERE s.company_id = d.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Moving an assignment to another person or course is rare (no service does it): the companies
-- concerned are counted again.
CREATE FUNCTION "portal_company_summary_reassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_summary s
     SET learners = (SELECT count(DISTINCT a.user_id) FROM users u JOIN course_assignments a ON a.user_id = u.id WHERE u.company_id = s.company_id),
         assigned = (SELECT count(*) FROM users u JOIN course_assignments a ON a.user_id = u.id WHERE u.company_id = s.company_id),
         completed = (SELECT count(*) FROM users u JOIN course_assignments a ON a.user_id = u.id
            JOIN course_progress p ON p.user_id = a.user_id AND p.course_slug = a.course_slug
           WHERE u.company_id = s.company_id AND p.status = 'completed')
   WHERE s.company_id IN (SELECT u.company_id FROM users u
           WHERE u.id IN (SELECT user_id FROM removed UNION SELECT user_id FROM inserted));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_summary_assignments_insert" AFTER INSERT ON "course_assignments"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "portal_company_summary_assigned"();--> statement-breakpoint
CREATE TRIGGER "company_summary_assignments_delete" AFTER DELETE ON "course_assignments"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "portal_company_summary_unassigned"();--> statement-breakpoint
CREATE TRIGGER "company_summary_assignments_update" AFTER UPDATE ON "course_assignments"
  REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "portal_company_summary_reassigned"();--> statement-breakpoint
CREATE FUNCTION "portal_company_summary_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    UPDATE company_summary
       SET completed = completed - (EXISTS (SELECT 1 FROM course_assignments
              WHERE user_id = OLD.user_id AND course_slug = OLD.course_slug))::integer
     WHERE company_id = (SELECT company_id FROM users WHERE id = OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    UPDATE company_summary
       SET completed = completed + (EXISTS (SELECT 1 FROM course_assignments
              WHERE user_id = NEW.user_id AND course_slug = NEW.course_slug))::integer
     WHERE company_id = (SELECT company_id FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_summary_progress_insert_delete" AFTER INSERT OR DELETE ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_summary_progress"();--> statement-breakpoint
-- Saving progress changes none of these columns: the trigger stays out of the learner's hot path.
CREATE TRIGGER "company_summary_progress_update" AFTER UPDATE OF "status", "user_id", "course_slug" ON "course_progress"
  FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR NEW.status = 'completed')
    AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
      OR OLD.course_slug IS DISTINCT FROM NEW.course_slug))
  EXECUTE FUNCTION "portal_company_summary_progress"();--> statement-breakpoint
CREATE FUNCTION "portal_company_summary_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- BEFORE the row goes: the person's assignments and progress are still there to be counted.
    PERFORM portal_company_summary_add_person(OLD.id, OLD.company_id, -1);
    RETURN OLD;
  END IF;
  PERFORM portal_company_summary_add_person(OLD.id, OLD.company_id, -1);
  PERFORM portal_company_summary_add_person(NEW.id, NEW.company_id, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_summary_person_delete" BEFORE DELETE ON "users"
  FOR EACH ROW WHEN (OLD.company_id IS NOT NULL) EXECUTE FUNCTION "portal_company_summary_people"();--> statement-breakpoint
CREATE TRIGGER "company_summary_person_move" AFTER UPDATE OF "company_id" ON "users"
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION "portal_company_summary_people"();
