CREATE TABLE `company_versions` (
	`company_id` text PRIMARY KEY NOT NULL,
	`structure` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
-- Written by hand from here on (ADR 023, ADR 028): every company has its row from its creation on,
-- and triggers count each change of its people and their assignments (`structure`) and of its
-- learning progress and quiz results (`progress`). They only update, so a company being deleted
-- (its row cascades away) is never re-inserted.
INSERT INTO `company_versions` (`company_id`) SELECT `id` FROM `companies`;--> statement-breakpoint
CREATE TRIGGER `company_versions_company_insert` AFTER INSERT ON `companies`
BEGIN
  INSERT INTO `company_versions` (`company_id`) VALUES (new.`id`) ON CONFLICT DO NOTHING;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_users_insert` AFTER INSERT ON `users`
WHEN new.`company_id` IS NOT NULL
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = new.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_users_delete` AFTER DELETE ON `users`
WHEN old.`company_id` IS NOT NULL
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = old.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_users_move` AFTER UPDATE OF `company_id` ON `users`
WHEN old.`company_id` IS NOT new.`company_id`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` IN (old.`company_id`, new.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_assignments_insert` AFTER INSERT ON `course_assignments`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = new.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_assignments_delete` AFTER DELETE ON `course_assignments`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = old.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_assignments_update` AFTER UPDATE ON `course_assignments`
BEGIN
  UPDATE `company_versions` SET `structure` = `structure` + 1 WHERE `company_id` IN (SELECT `company_id` FROM `users` WHERE `id` IN (old.`user_id`, new.`user_id`));
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_progress_insert` AFTER INSERT ON `course_progress`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` = new.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_progress_delete` AFTER DELETE ON `course_progress`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` = old.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_progress_update` AFTER UPDATE ON `course_progress`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` IN (old.`company_id`, new.`company_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_quiz_insert` AFTER INSERT ON `quiz_attempts`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` = (SELECT `company_id` FROM `course_progress` WHERE `id` = new.`progress_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_quiz_delete` AFTER DELETE ON `quiz_attempts`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` = (SELECT `company_id` FROM `course_progress` WHERE `id` = old.`progress_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_versions_quiz_update` AFTER UPDATE ON `quiz_attempts`
BEGIN
  UPDATE `company_versions` SET `progress` = `progress` + 1 WHERE `company_id` IN (SELECT `company_id` FROM `course_progress` WHERE `id` IN (old.`progress_id`, new.`progress_id`));
END;
