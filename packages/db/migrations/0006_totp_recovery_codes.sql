CREATE TABLE `totp_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `totp_recovery_codes_user_idx` ON `totp_recovery_codes` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `totp_recovery_codes_hash_unique` ON `totp_recovery_codes` (`code_hash`);