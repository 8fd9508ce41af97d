from django.apps import AppConfig


class SandboxConfig(AppConfig):
    name = "judgeapp.sandbox"
    label = "sandbox"
    verbose_name = "Scenario sandbox"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import request_started

        from rulesdb import selectors as reader

        from .wording import game_reset

        request_started.connect(game_reset, dispatch_uid="sandbox-game-words-reset")

        from .selectors import example_tryouts

        if example_tryouts not in reader.clause_tryout_providers:
            reader.clause_tryout_providers.append(example_tryouts)
