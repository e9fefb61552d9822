ALTER TABLE `limitations` ADD `may_apply_severity` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `may_apply_reason` text;