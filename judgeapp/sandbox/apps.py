from django.apps import AppConfig


class SandboxConfig(AppConfig):
    name = "judgeapp.sandbox"
    label = "sandbox"
    verbose_name = "Scenario sandbox"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rulesdb import selectors as reader

        from .selectors import example_tryouts

        if example_tryouts not in reader.clause_tryout_providers:
            reader.clause_tryout_providers.append(example_tryouts)
