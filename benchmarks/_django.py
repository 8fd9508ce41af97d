"""Shared start-up of the benchmark scripts: Django against a fresh, throw-away data directory."""
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def django_setup(settings: str = "judgeapp.settings.test") -> None:
    """Make the project importable, point its data (SQLite, search index) at a new temporary
    directory so a benchmark never touches var/, and set Django up."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ["JUDGEAPP_VAR_DIR"] = tempfile.mkdtemp(prefix="judgeapp-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    import django

    django.setup()
