"""The site: settings, root URLs, home and error pages, WSGI entry point.

Features live in their own rooms: the sandbox in ``judgeapp/sandbox/``, the
rules reader, search and translator's workbench in ``rulesdb/``, the rules
engines in ``engine/``.  ``judgeapp/migrations/`` only keeps the history of the
sandbox tables from before they moved to their own app (0003 hands them over).
"""
