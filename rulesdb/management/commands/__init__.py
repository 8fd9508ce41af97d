"""load_rules, seed_glossary, rebuild_index, lint_rules, the TSV exports and align_documents (docs/commands.md)."""
