CREATE TABLE `company_due_counts` (
	`company_id` text PRIMARY KEY NOT NULL,
	`overdue` integer DEFAULT 0 NOT NULL,
	`due_soon` integer DEFAULT 0 NOT NULL,
	`counted_on` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_due_counts_overdue_idx` ON `company_due_counts` (`overdue`,`company_id`);--> statement-breakpoint
CREATE TABLE `company_summary` (
	`company_id` text PRIMARY KEY NOT NULL,
	`learners` integer DEFAULT 0 NOT NULL,
	`assigned` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `companies_insurance_number_idx` ON `companies` (`insurance_number`,`id`);--> statement-breakpoint
-- Written by hand from here on (ADR 035, like 0008's statistics summary): `company_summary` starts
-- from the existing rows, then triggers keep it in step with every later write, foreign-key
-- cascades included. A company's figures count its people (`users.company_id`), their assigned
-- courses, and those of them whose progress is completed. Only UPDATEs of existing rows: a row is
-- made when its company is, so that no trigger can bring back the row of a company being deleted.
INSERT INTO `company_summary` (`company_id`, `learners`, `assigned`, `completed`)
  SELECT c.`id`,
         (SELECT count(DISTINCT a.`user_id`) FROM `users` u JOIN `course_assignments` a ON a.`user_id` = u.`id` WHERE u.`company_id` = c.`id`),
         (SELECT count(*) FROM `users` u JOIN `course_assignments` a ON a.`user_id` = u.`id` WHERE u.`company_id` = c.`id`),
         (SELECT count(*) FROM `users` u JOIN `course_assignments` a ON a.`user_id` = u.`id`
            JOIN `course_progress` p ON p.`user_id` = a.`user_id` AND p.`course_slug` = a.`course_slug`
           WHERE u.`company_id` = c.`id` AND p.`status` = 'completed')
    FROM `companies` c;--> statement-breakpoint
CREATE TRIGGER `company_summary_company` AFTER INSERT ON `companies` BEGIN
  INSERT INTO `company_summary` (`company_id`) VALUES (NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_summary_assignment_insert` AFTER INSERT ON `course_assignments` BEGIN
  UPDATE `company_summary`
     SET `assigned` = `assigned` + 1,
         `learners` = `learners` + ((SELECT count(*) FROM `course_assignments` WHERE `user_id` = NEW.`user_id`) = 1),
         `completed` = `completed` + EXISTS (SELECT 1 FROM `course_progress`
            WHERE `user_id` = NEW.`user_id` AND `course_slug` = NEW.`course_slug` AND `status` = 'completed')
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`);
END;--> statement-breakpoint
-- A person's own delete subtracts all of theirs first (`company_summary_person_delete`); the
-- cascade then deletes their rows after the person, whose company these triggers no longer find.
CREATE TRIGGER `company_summary_assignment_delete` AFTER DELETE ON `course_assignments` BEGIN
  UPDATE `company_summary`
     SET `assigned` = `assigned` - 1,
         `learners` = `learners` - ((SELECT count(*) FROM `course_assignments` WHERE `user_id` = OLD.`user_id`) = 0),
         `completed` = `completed` - EXISTS (SELECT 1 FROM `course_progress`
            WHERE `user_id` = OLD.`user_id` AND `course_slug` = OLD.`course_slug` AND `status` = 'completed')
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = OLD.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_summary_assignment_update` AFTER UPDATE OF `user_id`, `course_slug` ON `course_assignments` BEGIN
  UPDATE `company_summary`
     SET `assigned` = `assigned` - 1,
         `learners` = `learners` - (OLD.`user_id` <> NEW.`user_id`
            AND (SELECT count(*) FROM `course_assignments` WHERE `user_id` = OLD.`user_id`) = 0),
         `completed` = `completed` - EXISTS (SELECT 1 FROM `course_progress`
            WHERE `user_id` = OLD.`user_id` AND `course_slug` = OLD.`course_slug` AND `status` = 'completed')
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = OLD.`user_id`);
  UPDATE `company_summary`
     SET `assigned` = `assigned` + 1,
         `learners` = `learners` + (OLD.`user_id` <> NEW.`user_id`
            AND (SELECT count(*) FROM `course_assignments` WHERE `user_id` = NEW.`user_id`) = 1),
         `completed` = `completed` + EXISTS (SELECT 1 FROM `course_progress`
            WHERE `user_id` = NEW.`user_id` AND `course_slug` = NEW.`course_slug` AND `status` = 'completed')
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_summary_progress_insert` AFTER INSERT ON `course_progress` WHEN NEW.`status` = 'completed' BEGIN
  UPDATE `company_summary`
     SET `completed` = `completed` + EXISTS (SELECT 1 FROM `course_assignments`
            WHERE `user_id` = NEW.`user_id` AND `course_slug` = NEW.`course_slug`)
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `company_summary_progress_delete` AFTER DELETE ON `course_progress` WHEN OLD.`status` = 'completed' BEGIN
  UPDATE `company_summary`
     SET `completed` = `completed` - EXISTS (SELECT 1 FROM `course_assignments`
            WHERE `user_id` = OLD.`user_id` AND `course_slug` = OLD.`course_slug`)
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = OLD.`user_id`);
END;--> statement-breakpoint
-- Saving progress changes none of these columns: the trigger stays out of the learner's hot path.
CREATE TRIGGER `company_summary_progress_update` AFTER UPDATE OF `status`, `user_id`, `course_slug` ON `course_progress`
  WHEN (OLD.`status` = 'completed' OR NEW.`status` = 'completed')
   AND (OLD.`status` IS NOT NEW.`status` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`course_slug` IS NOT NEW.`course_slug`) BEGIN
  UPDATE `company_summary`
     SET `completed` = `completed` - (OLD.`status` = 'completed' AND EXISTS (SELECT 1 FROM `course_assignments`
            WHERE `user_id` = OLD.`user_id` AND `course_slug` = OLD.`course_slug`))
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = OLD.`user_id`);
  UPDATE `company_summary`
     SET `completed` = `completed` + (NEW.`status` = 'completed' AND EXISTS (SELECT 1 FROM `course_assignments`
            WHERE `user_id` = NEW.`user_id` AND `course_slug` = NEW.`course_slug`))
   WHERE `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`);
END;--> statement-breakpoint
-- BEFORE the person's row goes: their assignments and progress are still there to be counted.
CREATE TRIGGER `company_summary_person_delete` BEFORE DELETE ON `users` WHEN OLD.`company_id` IS NOT NULL BEGIN
  UPDATE `company_summary`
     SET `learners` = `learners` - EXISTS (SELECT 1 FROM `course_assignments` WHERE `user_id` = OLD.`id`),
         `assigned` = `assigned` - (SELECT count(*) FROM `course_assignments` WHERE `user_id` = OLD.`id`),
         `completed` = `completed` - (SELECT count(*) FROM `course_assignments` a JOIN `course_progress` p
            ON p.`user_id` = a.`user_id` AND p.`course_slug` = a.`course_slug` WHERE a.`user_id` = OLD.`id` AND p.`status` = 'completed')
   WHERE `company_id` = OLD.`company_id`;
END;--> statement-breakpoint
CREATE TRIGGER `company_summary_person_move` AFTER UPDATE OF `company_id` ON `users`
  WHEN OLD.`company_id` IS NOT NEW.`company_id` BEGIN
  UPDATE `company_summary`
     SET `learners` = `learners` - EXISTS (SELECT 1 FROM `course_assignments` WHERE `user_id` = OLD.`id`),
         `assigned` = `assigned` - (SELECT count(*) FROM `course_assignments` WHERE `user_id` = OLD.`id`),
         `completed` = `completed` - (SELECT count(*) FROM `course_assignments` a JOIN `course_progress` p
            ON p.`user_id` = a.`user_id` AND p.`course_slug` = a.`course_slug` WHERE a.`user_id` = OLD.`id` AND p.`status` = 'completed')
   WHERE `company_id` = OLD.`company_id`;
  UPDATE `company_summary`
     SET `learners` = `learners` + EXISTS (SELECT 1 FROM `course_assignments` WHERE `user_id` = NEW.`id`),
         `assigned` = `assigned` + (SELECT count(*) FROM `course_assignments` WHERE `user_id` = NEW.`id`),
         `completed` = `completed` + (SELECT count(*) FROM `course_assignments` a JOIN `course_progress` p
            ON p.`user_id` = a.`user_id` AND p.`course_slug` = a.`course_slug` WHERE a.`user_id` = NEW.`id` AND p.`status` = 'completed')
   WHERE `company_id` = NEW.`company_id`;
END;
