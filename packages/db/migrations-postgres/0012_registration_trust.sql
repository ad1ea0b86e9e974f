CREATE TABLE "company_mail_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"domain" text NOT NULL,
	"verification" text NOT NULL,
	"verified_at" bigint,
	"last_checked_at" bigint,
	"created_at" bigint DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000))::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "confirmation_pending_since" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phishing_approved_at" bigint;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD COLUMN "report_contact_confirmed_at" bigint;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD COLUMN "report_contact_token_hash" text;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD COLUMN "report_contact_token_expires_at" bigint;--> statement-breakpoint
ALTER TABLE "company_mail_domains" ADD CONSTRAINT "company_mail_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_mail_domains_company_domain_unique" ON "company_mail_domains" USING btree ("company_id","domain");--> statement-breakpoint
-- Companies already running simulations keep them: the approval (issue 37) is for a first campaign.
UPDATE "companies" SET "phishing_approved_at" = (SELECT min("started_at") FROM "phishing_campaigns" WHERE "phishing_campaigns"."company_id" = "companies"."id") WHERE EXISTS (SELECT 1 FROM "phishing_campaigns" WHERE "phishing_campaigns"."company_id" = "companies"."id" AND "started_at" IS NOT NULL);
