CREATE TABLE `employee_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`uploaded_by` text,
	`filename` text NOT NULL,
	`rows` text NOT NULL,
	`valid_count` integer NOT NULL,
	`invalid_count` integer NOT NULL,
	`cc` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `employee_uploads_company_idx` ON `employee_uploads` (`company_id`);--> statement-breakpoint
CREATE INDEX `employee_uploads_status_idx` ON `employee_uploads` (`status`);