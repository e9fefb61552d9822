DROP INDEX `instance_types_pods_secondary_ip`;--> statement-breakpoint
DROP INDEX `instance_types_pods_prefix_delegation`;--> statement-breakpoint
ALTER TABLE `instance_types` ADD `rank_secondary_ip` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `instance_types` ADD `rank_prefix_delegation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `instance_types_rank_secondary_ip` ON `instance_types` (`rank_secondary_ip`,`name`);--> statement-breakpoint
CREATE INDEX `instance_types_rank_prefix_delegation` ON `instance_types` (`rank_prefix_delegation`,`name`);--> statement-breakpoint
CREATE INDEX `cni_plugins_ordinal` ON `cni_plugins` (`ordinal`);--> statement-breakpoint
CREATE INDEX `feature_defaults_ordinal` ON `feature_defaults` (`ordinal`);--> statement-breakpoint
CREATE INDEX `features_ordinal` ON `features` (`ordinal`);--> statement-breakpoint
CREATE INDEX `glossary_terms_term` ON `glossary_terms` (`term`);--> statement-breakpoint
CREATE INDEX `ipam_options_ordinal` ON `ipam_options` (`ordinal`);--> statement-breakpoint
CREATE INDEX `limitations_ordinal` ON `limitations` (`ordinal`);--> statement-breakpoint
CREATE INDEX `network_flows_ordinal` ON `network_flows` (`ordinal`);--> statement-breakpoint
CREATE INDEX `network_modes_ordinal` ON `network_modes` (`ordinal`);--> statement-breakpoint
CREATE INDEX `node_os_support_ordinal` ON `node_os_support` (`ordinal`);--> statement-breakpoint
CREATE INDEX `service_types_ordinal` ON `service_types` (`ordinal`);--> statement-breakpoint
CREATE INDEX `windows_versions_sort_order` ON `windows_versions` (`sort_order`);