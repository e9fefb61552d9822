CREATE TABLE `plugin_effective_limitations` (
	`plugin_slug` text NOT NULL,
	`limitation_slug` text NOT NULL,
	PRIMARY KEY(`plugin_slug`, `limitation_slug`),
	FOREIGN KEY (`plugin_slug`) REFERENCES `cni_plugins`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`limitation_slug`) REFERENCES `limitations`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `node_os_support_environment` ON `node_os_support` (`environment_slug`);