"""Tests of the site package (judgeapp): home, error pages, settings; the sandbox under sandbox/."""
