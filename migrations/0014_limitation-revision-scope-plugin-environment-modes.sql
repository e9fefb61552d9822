ALTER TABLE `limitations` ADD `revision_scope` text;--> statement-breakpoint
ALTER TABLE `plugin_environments` ADD `modes` text;