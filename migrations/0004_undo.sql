ALTER TABLE `actions` ADD `undoable` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `actions` ADD `undone` integer DEFAULT false NOT NULL;