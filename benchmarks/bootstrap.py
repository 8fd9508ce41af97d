"""Time to parse and load all five vendored documents into a fresh database.

Target: under 10 s on the 2-core reference machine. Prints figures; asserts nothing.
Run: .venv/bin/python benchmarks/bootstrap.py
"""
import time

from _django import django_setup  # noqa: E402

django_setup()

from django.core.management import call_command  # noqa: E402

from rulesdb import services  # noqa: E402
from rulesdb.parsers import parser_for  # noqa: E402


def main() -> None:
    call_command("migrate", verbosity=0)
    _, specs = services.manifest_load()
    parse_total = 0.0
    for spec in specs:
        text = (services.SOURCES_DIR / spec.file).read_text(encoding="utf-8")
        start = time.perf_counter()
        result = parser_for(spec.family)(text, language=spec.language)
        elapsed = time.perf_counter() - start
        parse_total += elapsed
        print(f"parse {spec.slug:<22} {len(result.clauses):>5} clauses {elapsed * 1000:8.1f} ms")
    start = time.perf_counter()
    documents = services.vendored_load()
    load = time.perf_counter() - start
    clauses = sum(d.clauses.count() for d in documents)
    print(f"parse all five: {parse_total:.2f} s")
    print(f"parse + load all five into a fresh database: {load:.2f} s ({clauses} clauses; target < 10 s)")


if __name__ == "__main__":
    main()
