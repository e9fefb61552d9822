ALTER TABLE `limitations` ADD `kubernetes_patch_fixed` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `service_settings` text;--> statement-breakpoint
ALTER TABLE `limitations` ADD `mitigated_by_gates` text;