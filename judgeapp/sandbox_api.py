"""sandbox_api: filled in by the sandbox feature."""
urlpatterns: list = []
