CREATE TABLE `manifest_signals` (
	`slug` text PRIMARY KEY NOT NULL,
	`ordinal` integer NOT NULL,
	`component` text NOT NULL,
	`description` text NOT NULL,
	`places` text NOT NULL,
	`states` text NOT NULL,
	`reads` text,
	`signal_values` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `manifest_signals_ordinal` ON `manifest_signals` (`ordinal`);