"""The sandbox's management commands."""
