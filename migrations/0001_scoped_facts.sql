CREATE TABLE `feature_default_environments` (
	`default_slug` text NOT NULL,
	`environment_slug` text NOT NULL,
	PRIMARY KEY(`default_slug`, `environment_slug`),
	FOREIGN KEY (`default_slug`) REFERENCES `feature_defaults`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feature_default_environments_env` ON `feature_default_environments` (`environment_slug`);--> statement-breakpoint
CREATE TABLE `feature_defaults` (
	`slug` text PRIMARY KEY NOT NULL,
	`feature_slug` text NOT NULL,
	`enabled` integer NOT NULL,
	`description` text NOT NULL,
	`channels` text,
	`build_from` text,
	`build_before` text,
	`ordinal` integer NOT NULL,
	FOREIGN KEY (`feature_slug`) REFERENCES `features`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feature_defaults_feature` ON `feature_defaults` (`feature_slug`);--> statement-breakpoint
CREATE TABLE `limitation_build_confirmations` (
	`limitation_slug` text NOT NULL,
	`windows_version_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `windows_version_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`windows_version_slug`) REFERENCES `windows_versions`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_build_confirmations_target` ON `limitation_build_confirmations` (`windows_version_slug`);--> statement-breakpoint
CREATE TABLE `node_os_support` (
	`slug` text PRIMARY KEY NOT NULL,
	`windows_version_slug` text NOT NULL,
	`environment_slug` text,
	`kubernetes_min` text,
	`kubernetes_max` text,
	`status` text NOT NULL,
	`note` text,
	`ordinal` integer NOT NULL,
	FOREIGN KEY (`windows_version_slug`) REFERENCES `windows_versions`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `node_os_support_release` ON `node_os_support` (`windows_version_slug`);--> statement-breakpoint
CREATE TABLE `plugin_only_in` (
	`plugin_slug` text NOT NULL,
	`environment_slug` text NOT NULL,
	PRIMARY KEY(`plugin_slug`, `environment_slug`),
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `cni_plugins` ADD `only_in_note` text;--> statement-breakpoint
ALTER TABLE `environments` ADD `plugins_listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `environments` ADD `plugins_listed_note` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `channels` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `plugin_version_from` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `plugin_version_before` text;--> statement-breakpoint
ALTER TABLE `plugin_environments` ADD `network_policy_support` text;--> statement-breakpoint
ALTER TABLE `plugin_environments` ADD `network_policy_note` text;--> statement-breakpoint
ALTER TABLE `settings` ADD `build_from` text;--> statement-breakpoint
ALTER TABLE `settings` ADD `build_before` text;