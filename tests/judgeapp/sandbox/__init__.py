"""Tests of the sandbox app (judgeapp/sandbox)."""
