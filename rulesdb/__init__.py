"""The clause database and the reader: documents, clauses, references and glossaries (models), their
parsers (parsers/) and import (services), reads (selectors), the reader's pages and API, the commands.
The search (search/) and the translator's workbench (translation/) are rooms of this app."""
