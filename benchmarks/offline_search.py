"""The offline search (static/judgeapp/offline-search.js, what a phone with no network searches) measured
against the site's question sets: MRR@5 and recall@10 per set and by kind, beside the server's search.

Every current document is kept, as a judge who kept them all before the event; the page's own script runs
under node (benchmarks/offline_search.js) over the same bundles the site serves. Prints figures; asserts
nothing. Needs node. Run: .venv/bin/python benchmarks/offline_search.py [--sets tuned,holdout]
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import search as server  # noqa: E402  (the question sets and their measures)
from benchmarks._django import django_setup  # noqa: E402


def bundles_write() -> list[dict]:
    """Each current document's offline bundle, with the stable id of each of its clauses by position."""
    from rulesdb import selectors, versions
    from rulesdb.models import Document
    from rulesdb.offline.bundles import document_bundle

    documents = []
    for document in Document.objects.filter(published=True).order_by("slug"):
        current = versions.series_current(series=document.series)
        if current is None or current.pk != document.pk:
            continue
        index = selectors.document_index(document=document)
        bundle = document_bundle(document=document)
        print(f"  {document.slug:<22} {len(index.clauses):5d} clauses  JSON {len(bundle.content) / 1000:4.0f} KB  "
              f"gzip {bundle.gzip_bytes / 1000:3.0f} KB  Brotli {bundle.brotli_bytes / 1000:3.0f} KB")
        documents.append({"bundle": json.loads(bundle.content), "ids": [clause.stable_id for clause in index.clauses]})
    return documents


def offline_run(documents: list[dict], questions: list[dict]) -> dict:
    with tempfile.TemporaryDirectory(prefix="judgeapp-offline-") as folder:
        path = Path(folder) / "input.json"
        path.write_text(json.dumps({"documents": documents, "questions": questions}, ensure_ascii=False), encoding="utf-8")
        done = subprocess.run(["node", str(ROOT / "benchmarks" / "offline_search.js"), str(path)],
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The offline search against the question sets.")
    parser.add_argument("--sets", default="", help="comma-separated question sets (default: all)")
    parser.add_argument("--server", action="store_true", help="also measure the server's search on the same sets")
    args = parser.parse_args(argv)
    if shutil.which("node") is None:
        # `make bench` runs every benchmark: this one says why it measured nothing and lets the others run.
        print("offline_search.py measures nothing here: it runs the page's script under node (apt-get install nodejs).")
        return
    django_setup()
    from django.core.management import call_command

    from rulesdb import search, services
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    call_command("migrate", verbosity=0)
    services.vendored_load()
    glossary_seed()
    synonyms_seed()
    question_sets = server.question_sets_load(args.sets)
    everything = [dict(item, set=name) for name, items in question_sets.items() for item in items]
    print("bundles:")
    documents = bundles_write()
    print(f"{len(documents)} documents kept, {sum(len(d['ids']) for d in documents)} clauses, "
          f"{sum(len(json.dumps(d['bundle'], ensure_ascii=False).encode()) for d in documents) / 1e6:.1f} MB of bundles")
    result = offline_run(documents, everything)
    hits = {(item["set"], item["q"], item.get("document", "")): got for item, got in zip(everything, result["hits"])}
    times = sorted(result["times_ms"])
    print(f"index built in {result['build_ms']:.0f} ms; a search p50 {statistics.median(times):.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.1f} ms (node, {len(times)} questions)")
    engines = {"offline (MiniSearch)": None}
    if args.server:
        search.index_rebuild()
        engines["server (whoosh)"] = server.whoosh_engine()
    for label, engine in engines.items():
        print(f"\n{label}")
        pooled = []
        for name, items in question_sets.items():
            run = engine or (lambda q, document, name=name: hits[(name, q, document)])
            mrr, recall, _ = server.relevance_measure(run, items)
            pooled += [(item, run) for item in items]
            print(f"  {name:<9} {len(items):4d} questions  MRR@5 {mrr:.3f}  recall@10 {recall:.3f}")
        for kind in server.KINDS:
            chosen = [(item, run) for item, run in pooled if server.question_kind(item) == kind]
            if chosen:
                ranks = [server.relevance_measure(run, [item]) for item, run in chosen]
                print(f"  by kind: {kind:<15} {len(chosen):4d}  MRR@5 {statistics.fmean(r[0] for r in ranks):.3f}  "
                      f"recall@10 {statistics.fmean(r[1] for r in ranks):.3f}")
        ranks = [server.relevance_measure(run, [item]) for item, run in pooled]
        print(f"  all sets  {len(pooled):4d}  MRR@5 {statistics.fmean(r[0] for r in ranks):.3f}  "
              f"recall@10 {statistics.fmean(r[1] for r in ranks):.3f}")


if __name__ == "__main__":
    main()
