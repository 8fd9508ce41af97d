"""The test suite; it mirrors the code (tests/<package>/...), plus browser tests and engine scenarios."""
