"""sandbox_urls: filled in by the sandbox feature."""
urlpatterns: list = []
