"""Browser tests: Playwright driving Debian's Chromium against a live test server."""
