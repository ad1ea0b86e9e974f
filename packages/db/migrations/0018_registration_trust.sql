CREATE TABLE `company_mail_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`domain` text NOT NULL,
	`verification` text NOT NULL,
	`verified_at` integer,
	`last_checked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_mail_domains_company_domain_unique` ON `company_mail_domains` (`company_id`,`domain`);--> statement-breakpoint
ALTER TABLE `companies` ADD `confirmation_pending_since` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `phishing_approved_at` integer;--> statement-breakpoint
ALTER TABLE `phishing_settings` ADD `report_contact_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `phishing_settings` ADD `report_contact_token_hash` text;--> statement-breakpoint
ALTER TABLE `phishing_settings` ADD `report_contact_token_expires_at` integer;--> statement-breakpoint
-- Companies already running simulations keep them: the approval (issue 37) is for a first campaign.
UPDATE `companies` SET `phishing_approved_at` = (SELECT min(`started_at`) FROM `phishing_campaigns` WHERE `phishing_campaigns`.`company_id` = `companies`.`id`) WHERE EXISTS (SELECT 1 FROM `phishing_campaigns` WHERE `phishing_campaigns`.`company_id` = `companies`.`id` AND `started_at` IS NOT NULL);
