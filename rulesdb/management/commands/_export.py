"""The base of the commands that print a table: they end quietly when their reader stops reading.

`export_clauses SLUG | head` closes the pipe after ten lines; the next write raises
BrokenPipeError. The reader chose to stop, so that is no error: no traceback, exit
status 0, and nothing left for the interpreter to complain about when it flushes
stdout on exit (stdout is pointed at the null device, as Python's documentation of
SIGPIPE advises).
"""
import os
import sys

from django.core.management.base import BaseCommand


class ExportCommand(BaseCommand):
    def execute(self, *args, **options):
        try:
            result = super().execute(*args, **options)
            self.stdout.flush()
            if self.stdout._out is sys.stdout:
                sys.stdout.flush()
            return result
        except BrokenPipeError:
            if self.stdout._out is not sys.stdout:
                raise
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
            return None
