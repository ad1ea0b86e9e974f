CREATE TABLE `phishing_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`templates` text NOT NULL,
	`audience` text NOT NULL,
	`starts_on` text NOT NULL,
	`window_days` integer NOT NULL,
	`start_hour` integer DEFAULT 9 NOT NULL,
	`end_hour` integer DEFAULT 17 NOT NULL,
	`track_opens` integer DEFAULT false NOT NULL,
	`repeat` text DEFAULT 'none' NOT NULL,
	`rounds` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`started_at` integer,
	`paused_at` integer,
	`ended_at` integer,
	`retired_sent` integer DEFAULT 0 NOT NULL,
	`retired_opened` integer DEFAULT 0 NOT NULL,
	`retired_clicked` integer DEFAULT 0 NOT NULL,
	`retired_submitted` integer DEFAULT 0 NOT NULL,
	`retired_reported` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `phishing_campaigns_company_idx` ON `phishing_campaigns` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `phishing_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`company_id` text NOT NULL,
	`round` integer NOT NULL,
	`user_id` text,
	`template_slug` text NOT NULL,
	`template_version` text NOT NULL,
	`lang` text NOT NULL,
	`send_at` integer NOT NULL,
	`token_hash` text,
	`outbox_id` text,
	`sent_at` integer,
	`opened_at` integer,
	`clicked_at` integer,
	`submitted_at` integer,
	`reported_at` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `phishing_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`outbox_id`) REFERENCES `mail_outbox`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `phishing_messages_round_user_unique` ON `phishing_messages` (`campaign_id`,`round`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `phishing_messages_token_unique` ON `phishing_messages` (`token_hash`);--> statement-breakpoint
CREATE INDEX `phishing_messages_due_idx` ON `phishing_messages` (`send_at`) WHERE "phishing_messages"."sent_at" is null and "phishing_messages"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX `phishing_messages_campaign_idx` ON `phishing_messages` (`campaign_id`,`round`);--> statement-breakpoint
CREATE INDEX `phishing_messages_company_created_idx` ON `phishing_messages` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `phishing_messages_user_idx` ON `phishing_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `phishing_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`sending_stopped_at` integer,
	`sending_stopped_by` text,
	`names_visible_at` integer,
	`names_visible_by` text,
	`retention_months` integer DEFAULT 12 NOT NULL,
	`report_contact_email` text DEFAULT '' NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sending_stopped_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`names_visible_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `from_address` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;