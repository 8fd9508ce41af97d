"""Tests of rulesdb.translation: alignment, change reports, terminology QA, exports, compare pages and API."""
