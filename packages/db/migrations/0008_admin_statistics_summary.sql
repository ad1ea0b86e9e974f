CREATE TABLE `stats_company_activity` (
	`company_id` text PRIMARY KEY NOT NULL,
	`last_progress_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stats_company_activity_last_idx` ON `stats_company_activity` (`last_progress_at`);--> statement-breakpoint
CREATE TABLE `stats_course_completions` (
	`course_slug` text NOT NULL,
	`hour` integer NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_slug`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `stats_course_counts` (
	`course_slug` text PRIMARY KEY NOT NULL,
	`assigned` integer DEFAULT 0 NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stats_people` (
	`id` integer PRIMARY KEY NOT NULL,
	`employees` integer DEFAULT 0 NOT NULL,
	`activated` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_people_single_row" CHECK("stats_people"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `stats_progress_hours` (
	`hour` integer PRIMARY KEY NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `course_assignments_slug_idx`;--> statement-breakpoint
DROP INDEX `course_progress_slug_status_idx`;--> statement-breakpoint
DROP INDEX `course_progress_started_idx`;--> statement-breakpoint
DROP INDEX `course_progress_completed_idx`;--> statement-breakpoint
CREATE INDEX `course_progress_company_updated_idx` ON `course_progress` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `certificates_kind_issued_idx` ON `certificates` (`kind`,`issued_at`);--> statement-breakpoint
CREATE INDEX `companies_owner_idx` ON `companies` (`owner_id`);--> statement-breakpoint
CREATE INDEX `companies_created_idx` ON `companies` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_avv_accepted_idx` ON `users` (`id`) WHERE "users"."order_processing_accepted" = 1;--> statement-breakpoint
-- Written by hand from here on (ADR 021), and `WITHOUT ROWID` above: the summary tables start from
-- the existing rows, then triggers keep them in step with every later write, foreign-key cascades
-- included. An hour is `ms / 3600000` (integer division; every timestamp is after 1970).
INSERT INTO `stats_people` (`id`, `employees`, `activated`)
  SELECT 1, count(*), coalesce(sum(`active`), 0) FROM `users` WHERE `company_id` IS NOT NULL AND `role` <> 'admin';--> statement-breakpoint
INSERT INTO `stats_course_counts` (`course_slug`, `assigned`, `started`, `completed`)
  SELECT `course_slug`, sum(`assigned`), sum(`started`), sum(`completed`) FROM (
    SELECT `course_slug`, count(*) AS `assigned`, 0 AS `started`, 0 AS `completed` FROM `course_assignments` GROUP BY `course_slug`
    UNION ALL
    SELECT `course_slug`, 0, count(*), sum(`status` = 'completed') FROM `course_progress` GROUP BY `course_slug`
  ) GROUP BY `course_slug`;--> statement-breakpoint
INSERT INTO `stats_progress_hours` (`hour`, `started`, `completed`)
  SELECT `hour`, sum(`started`), sum(`completed`) FROM (
    SELECT `started_at` / 3600000 AS `hour`, 1 AS `started`, 0 AS `completed` FROM `course_progress`
    UNION ALL
    SELECT `completed_at` / 3600000, 0, 1 FROM `course_progress` WHERE `completed_at` IS NOT NULL
  ) GROUP BY `hour`;--> statement-breakpoint
INSERT INTO `stats_course_completions` (`course_slug`, `hour`, `completed`)
  SELECT `course_slug`, `completed_at` / 3600000, count(*) FROM `course_progress` WHERE `completed_at` IS NOT NULL
   GROUP BY `course_slug`, `completed_at` / 3600000;--> statement-breakpoint
INSERT INTO `stats_company_activity` (`company_id`, `last_progress_at`)
  SELECT `company_id`, max(`updated_at`) FROM `course_progress` GROUP BY `company_id`;--> statement-breakpoint
CREATE TRIGGER `stats_users_insert` AFTER INSERT ON `users`
WHEN new.`company_id` IS NOT NULL AND new.`role` <> 'admin'
BEGIN
  UPDATE `stats_people` SET `employees` = `employees` + 1, `activated` = `activated` + new.`active` WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_users_delete` AFTER DELETE ON `users`
WHEN old.`company_id` IS NOT NULL AND old.`role` <> 'admin'
BEGIN
  UPDATE `stats_people` SET `employees` = `employees` - 1, `activated` = `activated` - old.`active` WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_users_update` AFTER UPDATE OF `company_id`, `role`, `active` ON `users`
WHEN (old.`company_id` IS NOT NULL AND old.`role` <> 'admin') OR (new.`company_id` IS NOT NULL AND new.`role` <> 'admin')
BEGIN
  UPDATE `stats_people`
     SET `employees` = `employees` - (old.`company_id` IS NOT NULL AND old.`role` <> 'admin')
                                   + (new.`company_id` IS NOT NULL AND new.`role` <> 'admin'),
         `activated` = `activated` - iif(old.`company_id` IS NOT NULL AND old.`role` <> 'admin', old.`active`, 0)
                                   + iif(new.`company_id` IS NOT NULL AND new.`role` <> 'admin', new.`active`, 0)
   WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_assignments_insert` AFTER INSERT ON `course_assignments`
BEGIN
  INSERT INTO `stats_course_counts` (`course_slug`, `assigned`) VALUES (new.`course_slug`, 1)
    ON CONFLICT (`course_slug`) DO UPDATE SET `assigned` = `assigned` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_assignments_delete` AFTER DELETE ON `course_assignments`
BEGIN
  UPDATE `stats_course_counts` SET `assigned` = `assigned` - 1 WHERE `course_slug` = old.`course_slug`;
END;--> statement-breakpoint
CREATE TRIGGER `stats_assignments_update` AFTER UPDATE OF `course_slug` ON `course_assignments`
WHEN old.`course_slug` IS NOT new.`course_slug`
BEGIN
  UPDATE `stats_course_counts` SET `assigned` = `assigned` - 1 WHERE `course_slug` = old.`course_slug`;
  INSERT INTO `stats_course_counts` (`course_slug`, `assigned`) VALUES (new.`course_slug`, 1)
    ON CONFLICT (`course_slug`) DO UPDATE SET `assigned` = `assigned` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_progress_insert` AFTER INSERT ON `course_progress`
BEGIN
  INSERT INTO `stats_course_counts` (`course_slug`, `started`, `completed`)
    VALUES (new.`course_slug`, 1, new.`status` = 'completed')
    ON CONFLICT (`course_slug`) DO UPDATE SET `started` = `started` + 1, `completed` = `completed` + excluded.`completed`;
  INSERT INTO `stats_progress_hours` (`hour`, `started`) VALUES (new.`started_at` / 3600000, 1)
    ON CONFLICT (`hour`) DO UPDATE SET `started` = `started` + 1;
  INSERT INTO `stats_progress_hours` (`hour`, `completed`)
    SELECT new.`completed_at` / 3600000, 1 WHERE new.`completed_at` IS NOT NULL
    ON CONFLICT (`hour`) DO UPDATE SET `completed` = `completed` + 1;
  INSERT INTO `stats_course_completions` (`course_slug`, `hour`, `completed`)
    SELECT new.`course_slug`, new.`completed_at` / 3600000, 1 WHERE new.`completed_at` IS NOT NULL
    ON CONFLICT (`course_slug`, `hour`) DO UPDATE SET `completed` = `completed` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_progress_delete` AFTER DELETE ON `course_progress`
BEGIN
  UPDATE `stats_course_counts` SET `started` = `started` - 1, `completed` = `completed` - (old.`status` = 'completed')
   WHERE `course_slug` = old.`course_slug`;
  UPDATE `stats_progress_hours` SET `started` = `started` - 1 WHERE `hour` = old.`started_at` / 3600000;
  UPDATE `stats_progress_hours` SET `completed` = `completed` - 1
   WHERE old.`completed_at` IS NOT NULL AND `hour` = old.`completed_at` / 3600000;
  UPDATE `stats_course_completions` SET `completed` = `completed` - 1
   WHERE old.`completed_at` IS NOT NULL AND `course_slug` = old.`course_slug` AND `hour` = old.`completed_at` / 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `stats_progress_update` AFTER UPDATE OF `course_slug`, `status`, `started_at`, `completed_at` ON `course_progress`
WHEN old.`course_slug` IS NOT new.`course_slug` OR old.`status` IS NOT new.`status`
  OR old.`started_at` IS NOT new.`started_at` OR old.`completed_at` IS NOT new.`completed_at`
BEGIN
  UPDATE `stats_course_counts` SET `started` = `started` - 1, `completed` = `completed` - (old.`status` = 'completed')
   WHERE `course_slug` = old.`course_slug`;
  UPDATE `stats_progress_hours` SET `started` = `started` - 1 WHERE `hour` = old.`started_at` / 3600000;
  UPDATE `stats_progress_hours` SET `completed` = `completed` - 1
   WHERE old.`completed_at` IS NOT NULL AND `hour` = old.`completed_at` / 3600000;
  UPDATE `stats_course_completions` SET `completed` = `completed` - 1
   WHERE old.`completed_at` IS NOT NULL AND `course_slug` = old.`course_slug` AND `hour` = old.`completed_at` / 3600000;
  INSERT INTO `stats_course_counts` (`course_slug`, `started`, `completed`)
    VALUES (new.`course_slug`, 1, new.`status` = 'completed')
    ON CONFLICT (`course_slug`) DO UPDATE SET `started` = `started` + 1, `completed` = `completed` + excluded.`completed`;
  INSERT INTO `stats_progress_hours` (`hour`, `started`) VALUES (new.`started_at` / 3600000, 1)
    ON CONFLICT (`hour`) DO UPDATE SET `started` = `started` + 1;
  INSERT INTO `stats_progress_hours` (`hour`, `completed`)
    SELECT new.`completed_at` / 3600000, 1 WHERE new.`completed_at` IS NOT NULL
    ON CONFLICT (`hour`) DO UPDATE SET `completed` = `completed` + 1;
  INSERT INTO `stats_course_completions` (`course_slug`, `hour`, `completed`)
    SELECT new.`course_slug`, new.`completed_at` / 3600000, 1 WHERE new.`completed_at` IS NOT NULL
    ON CONFLICT (`course_slug`, `hour`) DO UPDATE SET `completed` = `completed` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `stats_activity_progress_insert` AFTER INSERT ON `course_progress`
BEGIN
  INSERT INTO `stats_company_activity` (`company_id`, `last_progress_at`) VALUES (new.`company_id`, new.`updated_at`)
    ON CONFLICT (`company_id`) DO UPDATE SET `last_progress_at` = excluded.`last_progress_at`
    WHERE `last_progress_at` IS NULL OR `last_progress_at` < excluded.`last_progress_at`;
END;--> statement-breakpoint
CREATE TRIGGER `stats_activity_progress_save` AFTER UPDATE OF `company_id`, `updated_at` ON `course_progress`
WHEN new.`company_id` = old.`company_id` AND new.`updated_at` >= old.`updated_at`
BEGIN
  INSERT INTO `stats_company_activity` (`company_id`, `last_progress_at`) VALUES (new.`company_id`, new.`updated_at`)
    ON CONFLICT (`company_id`) DO UPDATE SET `last_progress_at` = excluded.`last_progress_at`
    WHERE `last_progress_at` IS NULL OR `last_progress_at` < excluded.`last_progress_at`;
END;--> statement-breakpoint
CREATE TRIGGER `stats_activity_progress_move` AFTER UPDATE OF `company_id`, `updated_at` ON `course_progress`
WHEN new.`company_id` IS NOT old.`company_id` OR new.`updated_at` < old.`updated_at`
BEGIN
  UPDATE `stats_company_activity`
     SET `last_progress_at` = (SELECT max(`updated_at`) FROM `course_progress` WHERE `company_id` = old.`company_id`)
   WHERE `company_id` = old.`company_id`;
  INSERT INTO `stats_company_activity` (`company_id`, `last_progress_at`)
    VALUES (new.`company_id`, (SELECT max(`updated_at`) FROM `course_progress` WHERE `company_id` = new.`company_id`))
    ON CONFLICT (`company_id`) DO UPDATE SET `last_progress_at` = excluded.`last_progress_at`;
END;--> statement-breakpoint
CREATE TRIGGER `stats_activity_progress_delete` AFTER DELETE ON `course_progress`
BEGIN
  UPDATE `stats_company_activity`
     SET `last_progress_at` = (SELECT max(`updated_at`) FROM `course_progress` WHERE `company_id` = old.`company_id`)
   WHERE `company_id` = old.`company_id` AND `last_progress_at` <= old.`updated_at`;
END;
