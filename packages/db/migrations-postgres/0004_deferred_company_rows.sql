-- Written by hand (ADR 030). Every write of learning progress, assignments and people updates
-- summary rows that many transactions share: per company its `company_versions` (the dashboard
-- cache, ADR 023) and `stats_company_activity`, and portal-wide the statistics summary of ADR 021
-- (`stats_people`, one row; `stats_course_counts`, one row per course; the hourly rows). As plain
-- AFTER triggers they took those row locks at the write's statement and held them through every
-- later statement and round trip until the commit, so all learners of one company saved one after
-- another (save-progress on PostgreSQL: about 450 req/s with the triggers, 880 without, 50 learners
-- of one company). As constraint triggers deferred to the commit, the same updates run last and
-- each lock is held only while the transaction commits. The updates are deltas (or a maximum), so
-- their order does not matter and the figures are the same at every commit. The trigger that
-- creates a new company's `company_versions` row stays immediate. SQLite has one writer at a time
-- and keeps its triggers.
DROP TRIGGER "stats_users" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stats_users" AFTER INSERT OR DELETE OR UPDATE OF "company_id", "role", "active" ON "users"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "portal_stats_users"();--> statement-breakpoint
DROP TRIGGER "stats_assignments" ON "course_assignments";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stats_assignments" AFTER INSERT OR DELETE OR UPDATE OF "course_slug" ON "course_assignments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "portal_stats_assignments"();--> statement-breakpoint
DROP TRIGGER "stats_progress_insert_delete" ON "course_progress";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stats_progress_insert_delete" AFTER INSERT OR DELETE ON "course_progress"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "portal_stats_progress"();--> statement-breakpoint
DROP TRIGGER "stats_progress_update" ON "course_progress";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stats_progress_update" AFTER UPDATE OF "course_slug", "status", "started_at", "completed_at" ON "course_progress"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.course_slug IS DISTINCT FROM NEW.course_slug OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.completed_at IS DISTINCT FROM NEW.completed_at)
  EXECUTE FUNCTION "portal_stats_progress"();--> statement-breakpoint
DROP TRIGGER "company_versions_users_insert_delete" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_users_insert_delete" AFTER INSERT OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "portal_company_versions_users"();--> statement-breakpoint
DROP TRIGGER "company_versions_users_move" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_users_move" AFTER UPDATE OF "company_id" ON "users"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION "portal_company_versions_users"();--> statement-breakpoint
DROP TRIGGER "company_versions_assignments" ON "course_assignments";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_assignments" AFTER INSERT OR DELETE OR UPDATE ON "course_assignments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "portal_company_versions_assignments"();--> statement-breakpoint
DROP TRIGGER "company_versions_progress" ON "course_progress";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_progress" AFTER INSERT OR DELETE OR UPDATE ON "course_progress"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_progress"();--> statement-breakpoint
DROP TRIGGER "company_versions_quiz" ON "quiz_attempts";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_quiz" AFTER INSERT OR DELETE OR UPDATE ON "quiz_attempts"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_quiz"();--> statement-breakpoint
-- At the commit the company may be gone (deleted later in the same transaction): the inserts
-- only write for a company that still exists, or its foreign key would fail the commit.
CREATE OR REPLACE FUNCTION "portal_stats_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE stats_company_activity
       SET last_progress_at = (SELECT max(updated_at) FROM course_progress WHERE company_id = OLD.company_id)
     WHERE company_id = OLD.company_id AND last_progress_at <= OLD.updated_at;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.updated_at < OLD.updated_at THEN
      UPDATE stats_company_activity
         SET last_progress_at = (SELECT max(updated_at) FROM course_progress WHERE company_id = OLD.company_id)
       WHERE company_id = OLD.company_id;
      INSERT INTO stats_company_activity (company_id, last_progress_at)
        SELECT NEW.company_id, (SELECT max(updated_at) FROM course_progress WHERE company_id = NEW.company_id)
         WHERE EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id)
        ON CONFLICT (company_id) DO UPDATE SET last_progress_at = excluded.last_progress_at;
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO stats_company_activity (company_id, last_progress_at)
    SELECT NEW.company_id, NEW.updated_at WHERE EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id)
    ON CONFLICT (company_id) DO UPDATE SET last_progress_at = excluded.last_progress_at
    WHERE stats_company_activity.last_progress_at IS NULL
       OR stats_company_activity.last_progress_at < excluded.last_progress_at;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "stats_activity" ON "course_progress";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stats_activity" AFTER INSERT OR DELETE OR UPDATE OF "company_id", "updated_at" ON "course_progress"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_stats_activity"();
