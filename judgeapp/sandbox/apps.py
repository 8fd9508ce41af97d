from django.apps import AppConfig


class SandboxConfig(AppConfig):
    name = "judgeapp.sandbox"
    label = "sandbox"
    verbose_name = "Scenario sandbox"
    default_auto_field = "django.db.models.BigAutoField"
