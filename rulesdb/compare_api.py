"""compare_api: filled in by its feature."""
urlpatterns: list = []
