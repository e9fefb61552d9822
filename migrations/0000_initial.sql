CREATE TABLE `citations` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`ordinal` integer NOT NULL,
	`document_slug` text NOT NULL,
	`section` text NOT NULL,
	`note` text,
	FOREIGN KEY (`document_slug`) REFERENCES `source_documents`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `citations_owner` ON `citations` (`owner`,`ordinal`);--> statement-breakpoint
CREATE TABLE `cni_plugins` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`network_policy_support` text NOT NULL,
	`network_policy_note` text,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `comparison_rows` (
	`id` integer PRIMARY KEY NOT NULL,
	`comparison_slug` text NOT NULL,
	`ordinal` integer NOT NULL,
	`capability` text NOT NULL,
	FOREIGN KEY (`comparison_slug`) REFERENCES `plugin_comparisons`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comparison_rows_comparison` ON `comparison_rows` (`comparison_slug`);--> statement-breakpoint
CREATE TABLE `comparison_values` (
	`row_id` integer NOT NULL,
	`plugin_slug` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`row_id`, `plugin_slug`),
	FOREIGN KEY (`row_id`) REFERENCES `comparison_rows`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `dataset_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `environments` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feature_requires` (
	`feature_slug` text NOT NULL,
	`required_slug` text NOT NULL,
	`ordinal` integer NOT NULL,
	PRIMARY KEY(`feature_slug`, `required_slug`),
	FOREIGN KEY (`feature_slug`) REFERENCES `features`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`required_slug`) REFERENCES `features`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `features` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`minimum_windows_slug` text NOT NULL,
	`minimum_build` text,
	`minimum_kubernetes` text,
	`enablement_note` text,
	`ordinal` integer NOT NULL,
	FOREIGN KEY (`minimum_windows_slug`) REFERENCES `windows_versions`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `features_minimum_windows` ON `features` (`minimum_windows_slug`);--> statement-breakpoint
CREATE TABLE `glossary_terms` (
	`slug` text PRIMARY KEY NOT NULL,
	`term` text NOT NULL,
	`expansion` text,
	`definition` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `instance_types` (
	`name` text PRIMARY KEY NOT NULL,
	`family` text NOT NULL,
	`max_interfaces` integer NOT NULL,
	`ipv4_per_interface` integer NOT NULL,
	`hypervisor` text,
	`bare_metal` integer NOT NULL,
	`network_cards` text NOT NULL,
	`default_network_card_index` integer NOT NULL,
	`trunking` integer NOT NULL,
	`branch_interfaces` integer NOT NULL,
	`architecture` text NOT NULL,
	`windows_unsuitability` text,
	`prefix_delegation_supported` integer NOT NULL,
	`pods_secondary_ip` integer,
	`pods_prefix_delegation` integer
);
--> statement-breakpoint
CREATE INDEX `instance_types_family` ON `instance_types` (`family`);--> statement-breakpoint
CREATE INDEX `instance_types_pods_secondary_ip` ON `instance_types` (`pods_secondary_ip`,`name`);--> statement-breakpoint
CREATE INDEX `instance_types_pods_prefix_delegation` ON `instance_types` (`pods_prefix_delegation`,`name`);--> statement-breakpoint
CREATE TABLE `ipam_options` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`is_fallback` integer NOT NULL,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ipam_restrictions` (
	`ipam_slug` text NOT NULL,
	`plugin_slug` text NOT NULL,
	`ordinal` integer NOT NULL,
	PRIMARY KEY(`ipam_slug`, `plugin_slug`),
	FOREIGN KEY (`ipam_slug`) REFERENCES `ipam_options`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `limitation_environments` (
	`limitation_slug` text NOT NULL,
	`environment_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `environment_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_environments_target` ON `limitation_environments` (`environment_slug`);--> statement-breakpoint
CREATE TABLE `limitation_features` (
	`limitation_slug` text NOT NULL,
	`feature_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `feature_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`feature_slug`) REFERENCES `features`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_features_target` ON `limitation_features` (`feature_slug`);--> statement-breakpoint
CREATE TABLE `limitation_mitigations` (
	`limitation_slug` text NOT NULL,
	`feature_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `feature_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`feature_slug`) REFERENCES `features`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_mitigations_target` ON `limitation_mitigations` (`feature_slug`);--> statement-breakpoint
CREATE TABLE `limitation_modes` (
	`limitation_slug` text NOT NULL,
	`mode_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `mode_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mode_slug`) REFERENCES `network_modes`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_modes_target` ON `limitation_modes` (`mode_slug`);--> statement-breakpoint
CREATE TABLE `limitation_plugins` (
	`limitation_slug` text NOT NULL,
	`plugin_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `plugin_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_plugins_target` ON `limitation_plugins` (`plugin_slug`);--> statement-breakpoint
CREATE TABLE `limitation_service_types` (
	`limitation_slug` text NOT NULL,
	`service_type_slug` text NOT NULL,
	PRIMARY KEY(`limitation_slug`, `service_type_slug`),
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_type_slug`) REFERENCES `service_types`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `limitation_service_types_target` ON `limitation_service_types` (`service_type_slug`);--> statement-breakpoint
CREATE TABLE `limitations` (
	`slug` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`severity` text NOT NULL,
	`workaround` text,
	`revision_note` text,
	`threshold_metric` text,
	`threshold_max` integer,
	`threshold_approximate` integer,
	`parameters` text,
	`build_from` text,
	`build_before` text,
	`kubernetes_min` text,
	`kubernetes_max` text,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `network_flows` (
	`slug` text PRIMARY KEY NOT NULL,
	`ordinal` integer NOT NULL,
	`from_endpoint` text NOT NULL,
	`to_endpoint` text NOT NULL,
	`addressing` text,
	`label` text NOT NULL,
	`note` text
);
--> statement-breakpoint
CREATE TABLE `network_modes` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`packet_modifications` text NOT NULL,
	`used_by_kubernetes` integer NOT NULL,
	`stability` text NOT NULL,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notes` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`ordinal` integer NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notes_owner` ON `notes` (`owner`,`ordinal`);--> statement-breakpoint
CREATE TABLE `plugin_comparisons` (
	`slug` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`environment_slug` text NOT NULL,
	`plugins` text NOT NULL,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `plugin_environments` (
	`id` integer PRIMARY KEY NOT NULL,
	`plugin_slug` text NOT NULL,
	`environment_slug` text NOT NULL,
	`status` text NOT NULL,
	`since` text,
	`note` text,
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`environment_slug`) REFERENCES `environments`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `plugin_environments_plugin` ON `plugin_environments` (`plugin_slug`);--> statement-breakpoint
CREATE INDEX `plugin_environments_env` ON `plugin_environments` (`environment_slug`);--> statement-breakpoint
CREATE TABLE `plugin_ipam` (
	`plugin_slug` text NOT NULL,
	`ipam_slug` text NOT NULL,
	`ordinal` integer NOT NULL,
	PRIMARY KEY(`plugin_slug`, `ipam_slug`),
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ipam_slug`) REFERENCES `ipam_options`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `plugin_ipam_ipam` ON `plugin_ipam` (`ipam_slug`);--> statement-breakpoint
CREATE TABLE `plugin_modes` (
	`id` integer PRIMARY KEY NOT NULL,
	`plugin_slug` text NOT NULL,
	`mode_slug` text NOT NULL,
	`backend` text,
	`delegates_to` text,
	`stability` text NOT NULL,
	`ordinal` integer NOT NULL,
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mode_slug`) REFERENCES `network_modes`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`delegates_to`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `plugin_modes_plugin` ON `plugin_modes` (`plugin_slug`);--> statement-breakpoint
CREATE INDEX `plugin_modes_mode` ON `plugin_modes` (`mode_slug`);--> statement-breakpoint
CREATE TABLE `service_types` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`supported_on_windows` integer NOT NULL,
	`description` text NOT NULL,
	`ordinal` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`ordinal` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`target` text,
	`kubernetes_min` text,
	`kubernetes_max` text,
	`note` text
);
--> statement-breakpoint
CREATE INDEX `settings_owner` ON `settings` (`owner`,`ordinal`);--> statement-breakpoint
CREATE TABLE `source_documents` (
	`slug` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`locale` text NOT NULL,
	`kind` text NOT NULL,
	`revision` text NOT NULL,
	`file` text,
	`sections` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `windows_updates` (
	`id` integer PRIMARY KEY NOT NULL,
	`version_slug` text NOT NULL,
	`kb` text NOT NULL,
	`revision` integer NOT NULL,
	`released` text NOT NULL,
	`description` text NOT NULL,
	FOREIGN KEY (`version_slug`) REFERENCES `windows_versions`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `windows_updates_kb` ON `windows_updates` (`kb`);--> statement-breakpoint
CREATE INDEX `windows_updates_version` ON `windows_updates` (`version_slug`);--> statement-breakpoint
CREATE TABLE `windows_versions` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`version_label_verified` integer NOT NULL,
	`build` integer NOT NULL,
	`channel` text NOT NULL,
	`released` text NOT NULL,
	`mainstream_support_ends` text,
	`support_ends` text,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `windows_versions_build` ON `windows_versions` (`build`);