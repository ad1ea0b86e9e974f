CREATE TABLE `absences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `absences_company_idx` ON `absences` (`company_id`);--> statement-breakpoint
CREATE INDEX `absences_user_idx` ON `absences` (`user_id`,`ends_on`);--> statement-breakpoint
CREATE TABLE `course_cycles` (
	`id` text PRIMARY KEY NOT NULL,
	`progress_id` text NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`course_slug` text NOT NULL,
	`cycle` integer NOT NULL,
	`content_version` text NOT NULL,
	`working_seconds` integer NOT NULL,
	`attention_permille` integer NOT NULL,
	`best_score` integer,
	`quiz_repeat_count` integer NOT NULL,
	`module_repeat_count` integer NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`archived_at` integer NOT NULL,
	FOREIGN KEY (`progress_id`) REFERENCES `course_progress`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_cycles_progress_cycle_unique` ON `course_cycles` (`progress_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `course_cycles_user_idx` ON `course_cycles` (`user_id`);--> statement-breakpoint
CREATE TABLE `course_due_dates` (
	`company_id` text NOT NULL,
	`course_slug` text NOT NULL,
	`due_on` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `course_slug`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reminder_log` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`sent_on` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_log_unique` ON `reminder_log` (`user_id`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `reminder_log_company_idx` ON `reminder_log` (`company_id`,`sent_on`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`default_due_days` integer,
	`remind_before` integer DEFAULT true NOT NULL,
	`remind_days_before` integer DEFAULT 7 NOT NULL,
	`remind_overdue` integer DEFAULT true NOT NULL,
	`reminder_gap_days` integer DEFAULT 7 NOT NULL,
	`manager_digest` integer DEFAULT true NOT NULL,
	`completion_alert` integer DEFAULT true NOT NULL,
	`completion_threshold` integer DEFAULT 80 NOT NULL,
	`certificate_expiry_alert` integer DEFAULT true NOT NULL,
	`show_names` integer DEFAULT false NOT NULL,
	`show_names_changed_by` text,
	`show_names_changed_at` integer,
	`state` text,
	`completion_below` integer,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`show_names_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `course_assignments` ADD `due_on` text;--> statement-breakpoint
ALTER TABLE `course_progress` ADD `cycle` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Written by hand (ADR 023, ADR 033): due dates, the company's settings and absences change the
-- dashboard's due and overdue counts, so each change counts as a change of the company's structure.
CREATE TRIGGER `company_versions_due_dates_change` AFTER INSERT ON `course_due_dates`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = new.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_due_dates_update` AFTER UPDATE ON `course_due_dates`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` IN (old.`company_id`, new.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_due_dates_delete` AFTER DELETE ON `course_due_dates`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = old.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_reminder_settings_insert` AFTER INSERT ON `reminder_settings`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = new.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_reminder_settings_update` AFTER UPDATE ON `reminder_settings`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` IN (old.`company_id`, new.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_absences_insert` AFTER INSERT ON `absences`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = new.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_absences_update` AFTER UPDATE ON `absences`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` IN (old.`company_id`, new.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_absences_delete` AFTER DELETE ON `absences`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = old.`company_id`;
END;
