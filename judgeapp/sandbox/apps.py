from django.apps import AppConfig


class SandboxConfig(AppConfig):
    name = "judgeapp.sandbox"
    label = "sandbox"
    verbose_name = "Scenario sandbox"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import request_finished, request_started

        from rulesdb import selectors as reader

        from .wording import game_reset

        request_started.connect(game_reset, dispatch_uid="sandbox-game-words-reset")
        # and at its end too: code that runs after a request in the same context (a test, a management command
        # calling a view) must not read the last board's game words
        request_finished.connect(game_reset, dispatch_uid="sandbox-game-words-reset-end")

        from .selectors import example_tryouts

        if example_tryouts not in reader.clause_tryout_providers:
            reader.clause_tryout_providers.append(example_tryouts)
