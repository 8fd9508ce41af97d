"""Time to align IT 2.2 with EN 1.48 (target < 5 s) and to diff two versions (target < 2 s); counts by status.

Runs on a throwaway SQLite database in a temporary directory.
"""
import time
from collections import Counter

from _django import django_setup  # noqa: E402

django_setup("judgeapp.settings.dev")
from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)

from rulesdb import services  # noqa: E402
from rulesdb.translation import alignment, changes  # noqa: E402

services.vendored_load(slugs=["vg-cr-it-2.2", "vg-cr-en-1.48"])
it = services.Document.objects.get(slug="vg-cr-it-2.2")
en = services.Document.objects.get(slug="vg-cr-en-1.48")

started = time.perf_counter()
stored = alignment.alignment_compute(left=it, right=en)
seconds = time.perf_counter() - started
print(f"align vg-cr-it-2.2 with vg-cr-en-1.48: {seconds:.2f} s (target < 5 s)")
for status, count in alignment.alignment_counts(alignment=stored).items():
    print(f"  {status}\t{count}")

# A second version: the Italian text with a reworded rule, an insertion, a deletion, a renumbered subsection.
text = (services.SOURCES_DIR / "vg-cr-it-2.2.txt").read_text(encoding="utf-8")
text = text.replace("Il Giocatore di Turno sceglie se attaccare o no.", "Il Giocatore di Turno decide se attaccare oppure no.")
text = text.replace("12.4. Turni Addizionali\n\n- 12.4.1.", "12.5. Turni Addizionali\n\n- 12.5.1.").replace(" 12.4.2. Se", " 12.5.2. Se")
spec = services.DocumentSpec(slug="vg-cr-it-bench", game="vanguard", kind="cr", language="it", version="bench", family="vanguard-cr")
new = services.ruleset_import(spec=spec, data=text.encode("utf-8"), published=True)
started = time.perf_counter()
rows = changes.changes_compute(old=it, new=new)
seconds = time.perf_counter() - started
print(f"diff vg-cr-it-2.2 with an edited copy: {seconds:.2f} s (target < 2 s)")
for kind, count in sorted(Counter(r["change"] for r in rows).items()):
    print(f"  {kind}\t{count}")
