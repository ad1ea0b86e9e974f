-- Written by hand (ADR 021, ADR 028): the PostgreSQL twin of the SQLite migration
-- 0008_admin_statistics_summary. The summary tables start from the existing rows, then triggers
-- keep them in step with every later write, foreign-key cascades included. An hour is
-- `ms / 3600000` (bigint division; every timestamp is after 1970). Each function reads OLD only
-- for UPDATE and DELETE and NEW only for INSERT and UPDATE.
INSERT INTO "stats_people" ("id", "employees", "activated")
  SELECT 1, count(*), coalesce(sum("active"::integer), 0) FROM "users" WHERE "company_id" IS NOT NULL AND "role" <> 'admin';--> statement-breakpoint
INSERT INTO "stats_course_counts" ("course_slug", "assigned", "started", "completed")
  SELECT "course_slug", sum("assigned"), sum("started"), sum("completed") FROM (
    SELECT "course_slug", count(*) AS "assigned", 0 AS "started", 0 AS "completed" FROM "course_assignments" GROUP BY "course_slug"
    UNION ALL
    SELECT "course_slug", 0, count(*), count(*) FILTER (WHERE "status" = 'completed') FROM "course_progress" GROUP BY "course_slug"
  ) AS "counts" GROUP BY "course_slug";--> statement-breakpoint
INSERT INTO "stats_progress_hours" ("hour", "started", "completed")
  SELECT "hour", sum("started"), sum("completed") FROM (
    SELECT "started_at" / 3600000 AS "hour", 1 AS "started", 0 AS "completed" FROM "course_progress"
    UNION ALL
    SELECT "completed_at" / 3600000, 0, 1 FROM "course_progress" WHERE "completed_at" IS NOT NULL
  ) AS "hours" GROUP BY "hour";--> statement-breakpoint
INSERT INTO "stats_course_completions" ("course_slug", "hour", "completed")
  SELECT "course_slug", "completed_at" / 3600000, count(*) FROM "course_progress" WHERE "completed_at" IS NOT NULL
   GROUP BY "course_slug", "completed_at" / 3600000;--> statement-breakpoint
INSERT INTO "stats_company_activity" ("company_id", "last_progress_at")
  SELECT "company_id", max("updated_at") FROM "course_progress" GROUP BY "company_id";--> statement-breakpoint
CREATE FUNCTION "portal_stats_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  employees_delta integer := 0;
  activated_delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.company_id IS NOT NULL AND OLD.role <> 'admin' THEN
      employees_delta := employees_delta - 1;
      activated_delta := activated_delta - OLD.active::integer;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.company_id IS NOT NULL AND NEW.role <> 'admin' THEN
      employees_delta := employees_delta + 1;
      activated_delta := activated_delta + NEW.active::integer;
    END IF;
  END IF;
  IF employees_delta <> 0 OR activated_delta <> 0 THEN
    UPDATE stats_people SET employees = employees + employees_delta, activated = activated + activated_delta WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stats_users" AFTER INSERT OR DELETE OR UPDATE OF "company_id", "role", "active" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "portal_stats_users"();--> statement-breakpoint
CREATE FUNCTION "portal_stats_assignments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE stats_course_counts SET assigned = assigned - 1 WHERE course_slug = OLD.course_slug;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO stats_course_counts (course_slug, assigned) VALUES (NEW.course_slug, 1)
      ON CONFLICT (course_slug) DO UPDATE SET assigned = stats_course_counts.assigned + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stats_assignments" AFTER INSERT OR DELETE OR UPDATE OF "course_slug" ON "course_assignments"
  FOR EACH ROW EXECUTE FUNCTION "portal_stats_assignments"();--> statement-breakpoint
CREATE FUNCTION "portal_stats_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE stats_course_counts
       SET started = started - 1, completed = completed - (OLD.status = 'completed')::integer
     WHERE course_slug = OLD.course_slug;
    UPDATE stats_progress_hours SET started = started - 1 WHERE hour = OLD.started_at / 3600000;
    IF OLD.completed_at IS NOT NULL THEN
      UPDATE stats_progress_hours SET completed = completed - 1 WHERE hour = OLD.completed_at / 3600000;
      UPDATE stats_course_completions SET completed = completed - 1
       WHERE course_slug = OLD.course_slug AND hour = OLD.completed_at / 3600000;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO stats_course_counts (course_slug, started, completed)
      VALUES (NEW.course_slug, 1, (NEW.status = 'completed')::integer)
      ON CONFLICT (course_slug) DO UPDATE
        SET started = stats_course_counts.started + 1, completed = stats_course_counts.completed + excluded.completed;
    INSERT INTO stats_progress_hours (hour, started) VALUES (NEW.started_at / 3600000, 1)
      ON CONFLICT (hour) DO UPDATE SET started = stats_progress_hours.started + 1;
    IF NEW.completed_at IS NOT NULL THEN
      INSERT INTO stats_progress_hours (hour, completed) VALUES (NEW.completed_at / 3600000, 1)
        ON CONFLICT (hour) DO UPDATE SET completed = stats_progress_hours.completed + 1;
      INSERT INTO stats_course_completions (course_slug, hour, completed) VALUES (NEW.course_slug, NEW.completed_at / 3600000, 1)
        ON CONFLICT (course_slug, hour) DO UPDATE SET completed = stats_course_completions.completed + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stats_progress_insert_delete" AFTER INSERT OR DELETE ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION "portal_stats_progress"();--> statement-breakpoint
CREATE TRIGGER "stats_progress_update" AFTER UPDATE OF "course_slug", "status", "started_at", "completed_at" ON "course_progress"
  FOR EACH ROW
  WHEN (OLD.course_slug IS DISTINCT FROM NEW.course_slug OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.completed_at IS DISTINCT FROM NEW.completed_at)
  EXECUTE FUNCTION "portal_stats_progress"();--> statement-breakpoint
CREATE FUNCTION "portal_stats_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        VALUES (NEW.company_id, (SELECT max(updated_at) FROM course_progress WHERE company_id = NEW.company_id))
        ON CONFLICT (company_id) DO UPDATE SET last_progress_at = excluded.last_progress_at;
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO stats_company_activity (company_id, last_progress_at) VALUES (NEW.company_id, NEW.updated_at)
    ON CONFLICT (company_id) DO UPDATE SET last_progress_at = excluded.last_progress_at
    WHERE stats_company_activity.last_progress_at IS NULL
       OR stats_company_activity.last_progress_at < excluded.last_progress_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stats_activity" AFTER INSERT OR DELETE OR UPDATE OF "company_id", "updated_at" ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION "portal_stats_activity"();
