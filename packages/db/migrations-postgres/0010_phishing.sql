CREATE TABLE "phishing_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"templates" text NOT NULL,
	"audience" text NOT NULL,
	"starts_on" text NOT NULL,
	"window_days" integer NOT NULL,
	"start_hour" integer DEFAULT 9 NOT NULL,
	"end_hour" integer DEFAULT 17 NOT NULL,
	"track_opens" boolean DEFAULT false NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"started_at" bigint,
	"paused_at" bigint,
	"ended_at" bigint,
	"retired_sent" integer DEFAULT 0 NOT NULL,
	"retired_opened" integer DEFAULT 0 NOT NULL,
	"retired_clicked" integer DEFAULT 0 NOT NULL,
	"retired_submitted" integer DEFAULT 0 NOT NULL,
	"retired_reported" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"company_id" text NOT NULL,
	"round" integer NOT NULL,
	"user_id" text,
	"template_slug" text NOT NULL,
	"template_version" text NOT NULL,
	"lang" text NOT NULL,
	"send_at" bigint NOT NULL,
	"token_hash" text,
	"outbox_id" text,
	"sent_at" bigint,
	"opened_at" bigint,
	"clicked_at" bigint,
	"submitted_at" bigint,
	"reported_at" bigint,
	"cancelled_at" bigint,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"sending_stopped_at" bigint,
	"sending_stopped_by" text,
	"names_visible_at" bigint,
	"names_visible_by" text,
	"retention_months" integer DEFAULT 12 NOT NULL,
	"report_contact_email" text DEFAULT '' NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" text;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_campaign_id_phishing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."phishing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_sending_stopped_by_users_id_fk" FOREIGN KEY ("sending_stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_names_visible_by_users_id_fk" FOREIGN KEY ("names_visible_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phishing_campaigns_company_idx" ON "phishing_campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "phishing_messages_round_user_unique" ON "phishing_messages" USING btree ("campaign_id","round","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phishing_messages_token_unique" ON "phishing_messages" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "phishing_messages_due_idx" ON "phishing_messages" USING btree ("send_at") WHERE "phishing_messages"."sent_at" is null and "phishing_messages"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "phishing_messages_campaign_idx" ON "phishing_messages" USING btree ("campaign_id","round");--> statement-breakpoint
CREATE INDEX "phishing_messages_company_created_idx" ON "phishing_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "phishing_messages_user_idx" ON "phishing_messages" USING btree ("user_id");