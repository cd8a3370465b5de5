CREATE TABLE "import_sources" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "import_sources_user_id_kind_source_id_pk" PRIMARY KEY("user_id","kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "import_sources" ADD CONSTRAINT "import_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;