"""Tests of engine/core: the shared machinery (timeline, scenario format and runner, game registry)."""
