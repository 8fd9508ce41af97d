"""Log filters named by settings.LOGGING (plain logging: loaded before Django's apps are ready)."""
import logging


class VisitorMistakeWithoutTraceback(logging.Filter):
    """A visitor's mistake (a 4xx warning of ``django.request``; an unknown Host header or another
    suspicious request reported by ``django.security.*``) is logged in one line: its traceback tells
    nothing about the site, and a hostile client sending thousands would fill the log with them.
    Server errors keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR or record.name.startswith("django.security."):
            record.exc_info = None
            record.exc_text = None
        return True
