"""The manage.py commands of rulesdb (commands/)."""
