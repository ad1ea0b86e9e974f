ALTER TABLE "mail_outbox" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" bigint;