CREATE TABLE `course_progress` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`course_slug` text NOT NULL,
	`status` text DEFAULT 'started' NOT NULL,
	`slide_index` integer DEFAULT 0 NOT NULL,
	`max_slide_index` integer DEFAULT 0 NOT NULL,
	`quiz_repeat_count` integer DEFAULT 0 NOT NULL,
	`module_repeat_count` integer DEFAULT 0 NOT NULL,
	`working_seconds` integer DEFAULT 0 NOT NULL,
	`slide_seconds` text DEFAULT '{}' NOT NULL,
	`attention_permille` integer DEFAULT 0 NOT NULL,
	`best_score` integer,
	`module_restarted_at` integer,
	`content_version` text NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_progress_user_course_unique` ON `course_progress` (`user_id`,`course_slug`);--> statement-breakpoint
CREATE INDEX `course_progress_company_idx` ON `course_progress` (`company_id`,`course_slug`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`image` text NOT NULL,
	`section` text NOT NULL,
	`title_de` text NOT NULL,
	`title_en` text NOT NULL,
	`version` text NOT NULL,
	`estimated_minutes` integer NOT NULL,
	`slide_count` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`synced_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_slug_unique` ON `courses` (`slug`);--> statement-breakpoint
CREATE TABLE `quiz_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`progress_id` text NOT NULL,
	`question_ids` text NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`correct_count` integer DEFAULT 0 NOT NULL,
	`score` integer,
	`passed` integer,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`progress_id`) REFERENCES `course_progress`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_attempts_progress_idx` ON `quiz_attempts` (`progress_id`);