"""Synthetic next versions of every vendored comprehensive-rules document (benchmarks/_synthetic_versions.py),
each imported as a draft, its change report scored against what the generator changed (precision and
recall per kind of change), then published and the site checked against it: the old page of every
renumbered or removed clause points at the clause in the new version (or says where it was removed), the
history of every reworded clause shows a word diff, unchanged clauses keep their counterparts, the counterpart
of every reworded clause in the other language is flagged (page, compare filter, CSV), and the home jump and
search follow the new version. Then the version is unpublished and deleted, and the next one tried.
Variants (each with seeds 1, 2, 3): rewordings, structure, renumbering (citations left as printed), noise,
everything; the generator's docstring says what each does.

Run: .venv/bin/python benchmarks/versions.py [--sources vg-cr-it-2.2,...] [--variants rewordings,...]
     [--seeds 1,2,3] [--no-site]
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from _django import django_setup

SOURCES = ("vg-cr-it-2.2", "vg-cr-en-1.48", "ws-cr-it", "altered-cr-it")
NEXT = {"vg-cr-it-2.2": "2.3", "vg-cr-en-1.48": "1.49", "ws-cr-it": "2", "altered-cr-it": "2"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--variants", default="")
    parser.add_argument("--no-site", action="store_true")
    parser.add_argument("--seeds", default="1,2,3", help="one run of every variant per seed")
    parser.add_argument("--show", type=int, default=8, help="wrong and missed rows shown per variant")
    args = parser.parse_args()

    django_setup("judgeapp.settings.dev")
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    settings.SEARCH_INDEX_DIR = Path(tempfile.mkdtemp(prefix="judgeapp-bench-search-"))

    from django.test import Client

    from benchmarks._synthetic_versions import VARIANTS, variant_make
    from benchmarks._version_checks import counterparts, report_score, site_check
    from rulesdb import publication, services
    from rulesdb.models import ChangeReport, Document
    from rulesdb.selectors import current_versions

    client = Client()

    services.vendored_load(slugs=list(SOURCES))
    _, specs = services.manifest_load()
    by_slug = {s.slug: s for s in specs}
    names = args.variants.split(",") if args.variants else list(VARIANTS)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    run_started, runs = time.perf_counter(), 0
    precision = [0, 0]
    site_totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for slug in args.sources.split(","):
        old = Document.objects.get(slug=slug)
        spec = by_slug[slug]
        text = (services.SOURCES_DIR / spec.file).read_text(encoding="utf-8")
        for seed, name in [(int(seed), name) for seed in args.seeds.split(",") for name in names]:
            variant = variant_make(old, text, name, seed=seed)
            new_spec = services.DocumentSpec(
                slug=f"{slug}-next-{name}", game=spec.game, kind=spec.kind, language=spec.language,
                version=NEXT[slug], family=spec.family, title=spec.title, date=dt.date(2026, 1, 15))
            started = time.perf_counter()
            try:
                new = services.ruleset_import(spec=new_spec, data=variant.text.encode("utf-8"), published=False)
            except services.RulesImportError as error:
                print(f"{slug} {name}: import refused: {error}")
                continue
            seconds = time.perf_counter() - started
            runs += 1
            rows = ChangeReport.objects.get(new=new).changes
            score = report_score(variant, rows)
            expected = sum(t[0] for t in score.found.values())
            found = sum(t[1] for t in score.found.values())
            true_rows = sum(score.true_rows.values())
            precision[0] += true_rows
            precision[1] += score.reported
            print(f"\n{slug} -> {NEXT[slug]} ({name}, seed {seed}): imported in {seconds:.1f} s; {len(rows)} rows; "
                  f"recall {found}/{expected}; precision {true_rows}/{score.reported}")
            for kind, (e, f) in sorted(score.found.items()):
                totals[kind][0] += e
                totals[kind][1] += f
                print(f"  {kind}: {f}/{e} found, {score.true_rows.get(kind, 0)} rows")
            for kind, alternatives in score.missed[: args.show]:
                print(f"  MISSED {kind}: {alternatives[0]}")
            for key in score.false_rows[: args.show]:
                print(f"  WRONG ROW {key}")
            if not args.no_site:
                others = current_versions(game_id=old.game_id, kind="cr", exclude_language=old.language)
                other = others[0] if others else None
                before = counterparts(old, other) if other else None
                publication.document_publish(document=new, reviewer="benchmark")
                tally, misses = site_check(old, new, variant, client, before, other)
                for check, examples in misses.items():
                    print(f"  site MISS {check}: {'; '.join(examples)}")
                for check, (n, right) in tally.items():
                    site_totals[check][0] += n
                    site_totals[check][1] += right
                    print(f"  site: {check}: {right}/{n}")
                publication.document_unpublish(document=new)
            Document.objects.filter(pk=new.pk).delete()
    print(f"\n{runs} versions imported and checked in {time.perf_counter() - run_started:.0f} s")
    print("change report, recall per kind of change (found/expected):")
    for kind, (e, f) in sorted(totals.items()):
        print(f"  {kind}\t{f}/{e}\t{f / e:.0%}" if e else f"  {kind}\t0/0")
    if precision[1]:
        print(f"change report precision: {precision[0]}/{precision[1]} = {precision[0] / precision[1]:.1%}")
    if site_totals:
        print("published site:")
        for check, (n, right) in sorted(site_totals.items()):
            print(f"  {check}\t{right}/{n}")


if __name__ == "__main__":
    main()
