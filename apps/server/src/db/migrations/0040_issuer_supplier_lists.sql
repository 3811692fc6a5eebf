CREATE TABLE "issuer_supplier_list_entries" (
	"issuer_id" uuid NOT NULL,
	"list" text NOT NULL,
	"name_key" text NOT NULL,
	"name" text NOT NULL,
	"added_by_username" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_supplier_list_entries_issuer_id_list_name_key_pk" PRIMARY KEY("issuer_id","list","name_key")
);
--> statement-breakpoint
ALTER TABLE "issuer_supplier_list_entries" ADD CONSTRAINT "issuer_supplier_list_entries_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;