"""`manage.py makemessages`, with the directories that hold no interface words left out, so that
`make messages` and tests/judgeapp/test_i18n.py collect the same catalogue: the virtualenv, runtime
data (var/ holds collectstatic's copies of the scripts), the tests, benchmarks and tools, and the
engine (no Django: its words reach pages through the sandbox's views)."""
from django.core.management.commands import makemessages

NOT_INTERFACE = [".venv/*", "var/*", "tests/*", "benchmarks/*", "tools/*", "engine/*", "artifacts/*", "docs/*"]


class Command(makemessages.Command):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_INTERFACE]
        # Locations and dates change with every edit: leave them out so the committed catalogues
        # differ only when a message does.
        options["no_location"] = True
        return super().handle(*args, **options)
