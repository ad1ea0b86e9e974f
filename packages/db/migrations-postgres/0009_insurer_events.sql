CREATE TABLE "insurer_events" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_id" text NOT NULL,
	"policy_number" text NOT NULL,
	"certificate_id" text NOT NULL,
	"valid_until" bigint NOT NULL,
	"occurred_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL,
	"removed_at" bigint
);
--> statement-breakpoint
ALTER TABLE "insurer_events" ADD CONSTRAINT "insurer_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_events" ADD CONSTRAINT "insurer_events_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurer_events_certificate_kind_unique" ON "insurer_events" USING btree ("certificate_id","kind");--> statement-breakpoint
CREATE INDEX "insurer_events_occurred_idx" ON "insurer_events" USING btree ("occurred_at");