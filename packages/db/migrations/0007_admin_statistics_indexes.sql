CREATE INDEX `course_assignments_slug_idx` ON `course_assignments` (`course_slug`);--> statement-breakpoint
CREATE INDEX `course_progress_slug_status_idx` ON `course_progress` (`course_slug`,`status`,`completed_at`);--> statement-breakpoint
CREATE INDEX `course_progress_started_idx` ON `course_progress` (`started_at`);--> statement-breakpoint
CREATE INDEX `course_progress_completed_idx` ON `course_progress` (`completed_at`);