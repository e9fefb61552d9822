CREATE TABLE `feature_gate_stages` (
	`id` integer PRIMARY KEY NOT NULL,
	`gate_slug` text NOT NULL,
	`ordinal` integer NOT NULL,
	`stage` text NOT NULL,
	`default_enabled` integer NOT NULL,
	`locked` integer NOT NULL,
	`kubernetes_min` text,
	`kubernetes_max` text,
	FOREIGN KEY (`gate_slug`) REFERENCES `feature_gates`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feature_gate_stages_gate` ON `feature_gate_stages` (`gate_slug`,`ordinal`);--> statement-breakpoint
CREATE TABLE `feature_gates` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`component` text NOT NULL,
	`description` text NOT NULL,
	`locked_override_effect` text,
	`locked_override_observed` integer,
	`locked_override_note` text,
	`removal_status` text,
	`removal_allowed_from` text,
	`removal_note` text,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feature_gates_ordinal` ON `feature_gates` (`ordinal`);--> statement-breakpoint
CREATE UNIQUE INDEX `feature_gates_name` ON `feature_gates` (`name`);