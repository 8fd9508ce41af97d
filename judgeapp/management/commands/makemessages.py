"""`manage.py makemessages`, with the directories that hold no interface words left out, so that
`make messages` and tests/judgeapp/test_i18n.py collect the same catalogue: the virtualenv, runtime
data (var/ holds collectstatic's copies of the scripts), the tests, benchmarks and tools.  The engine
(no Django) is read for one thing only: the sentences a judge reads, written ``say("template", ...)``
or ``say_n("singular", "plural", count, ...)`` (engine/core/text.py) and translated by the sandbox (judgeapp/sandbox/engine_words.py)."""
from django.core.management.commands import makemessages

NOT_INTERFACE = [".venv/*", "var/*", "tests/*", "benchmarks/*", "tools/*", "artifacts/*", "docs/*"]
ENGINE_KEYWORD = "--keyword=say"
ENGINE_PLURAL_KEYWORD = "--keyword=say_n:1,2"  # a count meeting a noun: both forms (engine/core/text.say_n)


class Command(makemessages.Command):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_INTERFACE]
        # Locations and dates change with every edit: leave them out so the committed catalogues
        # differ only when a message does.
        options["no_location"] = True
        if options.get("domain", "django") == "django":
            self.xgettext_options = [*makemessages.Command.xgettext_options, ENGINE_KEYWORD, ENGINE_PLURAL_KEYWORD]
        return super().handle(*args, **options)
