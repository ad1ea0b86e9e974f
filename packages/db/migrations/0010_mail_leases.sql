ALTER TABLE `mail_outbox` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `lease_until` integer;