ALTER TABLE `environments` ADD `platform` text;--> statement-breakpoint
ALTER TABLE `feature_defaults` ADD `date_from` text;--> statement-breakpoint
ALTER TABLE `feature_defaults` ADD `date_before` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `platforms` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `date_from` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `date_before` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `requires` text;--> statement-breakpoint
ALTER TABLE `network_modes` ADD `gate_graduated_in` text;--> statement-breakpoint
ALTER TABLE `network_modes` ADD `gate_name` text;--> statement-breakpoint
ALTER TABLE `node_os_support` ADD `date_from` text;--> statement-breakpoint
ALTER TABLE `node_os_support` ADD `date_before` text;--> statement-breakpoint
ALTER TABLE `source_documents` ADD `revision_date` text;