"""search_urls: filled in by its feature."""
urlpatterns: list = []
