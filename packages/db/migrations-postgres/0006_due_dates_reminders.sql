CREATE TABLE "absences" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_cycles" (
	"id" text PRIMARY KEY NOT NULL,
	"progress_id" text NOT NULL,
	"user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"course_slug" text NOT NULL,
	"cycle" integer NOT NULL,
	"content_version" text NOT NULL,
	"working_seconds" integer NOT NULL,
	"attention_permille" integer NOT NULL,
	"best_score" integer,
	"quiz_repeat_count" integer NOT NULL,
	"module_repeat_count" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"completed_at" bigint,
	"archived_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_due_dates" (
	"company_id" text NOT NULL,
	"course_slug" text NOT NULL,
	"due_on" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "course_due_dates_company_id_course_slug_pk" PRIMARY KEY("company_id","course_slug")
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_on" text NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"default_due_days" integer,
	"remind_before" boolean DEFAULT true NOT NULL,
	"remind_days_before" integer DEFAULT 7 NOT NULL,
	"remind_overdue" boolean DEFAULT true NOT NULL,
	"reminder_gap_days" integer DEFAULT 7 NOT NULL,
	"manager_digest" boolean DEFAULT true NOT NULL,
	"completion_alert" boolean DEFAULT true NOT NULL,
	"completion_threshold" integer DEFAULT 80 NOT NULL,
	"certificate_expiry_alert" boolean DEFAULT true NOT NULL,
	"show_names" boolean DEFAULT false NOT NULL,
	"show_names_changed_by" text,
	"show_names_changed_at" bigint,
	"state" text,
	"completion_below" boolean,
	"updated_at" bigint
);
--> statement-breakpoint
ALTER TABLE "course_assignments" ADD COLUMN "due_on" text;--> statement-breakpoint
ALTER TABLE "course_progress" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cycles" ADD CONSTRAINT "course_cycles_progress_id_course_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."course_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cycles" ADD CONSTRAINT "course_cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cycles" ADD CONSTRAINT "course_cycles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_due_dates" ADD CONSTRAINT "course_due_dates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_show_names_changed_by_users_id_fk" FOREIGN KEY ("show_names_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_company_idx" ON "absences" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "absences_user_idx" ON "absences" USING btree ("user_id","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "course_cycles_progress_cycle_unique" ON "course_cycles" USING btree ("progress_id","cycle");--> statement-breakpoint
CREATE INDEX "course_cycles_user_idx" ON "course_cycles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_log_unique" ON "reminder_log" USING btree ("user_id","kind","key");--> statement-breakpoint
CREATE INDEX "reminder_log_company_idx" ON "reminder_log" USING btree ("company_id","sent_on");--> statement-breakpoint
-- Written by hand (ADR 023, ADR 033), the twin of SQLite's 0012: due dates, the company's settings
-- and absences change the dashboard's due and overdue counts, so each change counts as a change of
-- the company's structure. Deferred to the commit like the other company_versions triggers (0004).
CREATE FUNCTION "portal_company_versions_company_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE company_versions SET structure = structure + 1 WHERE company_id = OLD.company_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE company_versions SET structure = structure + 1 WHERE company_id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_due_dates" AFTER INSERT OR DELETE OR UPDATE ON "course_due_dates"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_company_rows"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_reminder_settings" AFTER INSERT OR DELETE OR UPDATE ON "reminder_settings"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_company_rows"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_versions_absences" AFTER INSERT OR DELETE OR UPDATE ON "absences"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "portal_company_versions_company_rows"();
