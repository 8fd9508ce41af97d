"""Tests of rulesdb: parsers, import, reader pages and API, commands; search/ and translation/ mirror their rooms."""
