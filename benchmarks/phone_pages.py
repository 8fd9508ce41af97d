"""Every page kind as a judge's phone gets it: bytes transferred and load time, cold and warm.

Chromium (Debian's, through Playwright) on an emulated slow 4G phone (150 ms round trip, 1.6 Mbit/s
down, 750 kbit/s up: Chrome DevTools' network emulation) opens each kind of page against the
server `make serve` runs (nginx in front of gunicorn, production settings, static files collected):

* cold: a new browser profile (empty cache, new connection): the page, its styles, scripts, images;
* warm: the same page again in that profile (what a judge sees on the next visit: the page itself
  fetched again, assets from the cache).

Transferred is what crossed the network, headers included (compressed sizes); load is from the
navigation's start to the load event. Targets: every page kind under 50 KB transferred and under
500 ms warm.

Then the rules offline: on the same phone, each document kept from the offline page (/offline/),
one after the other: its bundle's size unpacked and as transferred (compressed by nginx), the
sizes the catalogue tells (gzip, Brotli), and the time from the click to "kept".

    .venv/bin/python benchmarks/phone_pages.py                         # starts its own server (~3 min)
    .venv/bin/python benchmarks/phone_pages.py --base http://127.0.0.1:8000   # against `make serve`
    .venv/bin/python benchmarks/phone_pages.py --offline-only          # only the offline bundles

Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._gunicorn import production_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
KB = 1024
TARGET_BYTES = 50 * KB
TARGET_WARM_MS = 500

PAGE_KINDS = [
    ("home", "/"),
    ("contents (VG IT)", "/rules/vg-cr-it-2.2/"),
    ("contents (VG EN)", "/rules/vg-cr-en-1.48/"),
    ("clause", "/rules/vg-cr-it-2.2/7.3.1/"),
    ("jump", "/rules/vg-cr-it-2.2/jump/?n=7.3.1"),
    ("glossary (VG IT)", "/rules/vg-cr-it-2.2/glossary/"),
    ("glossary (VG EN)", "/rules/vg-cr-en-1.48/glossary/"),
    ("search", "/search/?q=attacco"),
    ("compare", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/"),
    ("terminology", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"),
    ("sandbox", "/sandbox/"),
    ("example board", "/sandbox/examples/playbook-q07/"),
    ("offline page", "/offline/"),
    ("API reference", "/api/docs/"),
    ("API console", "/api/docs/try/"),
]


# A small Vanguard board, as the serving test makes one.
BOARD = {
    "format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1, "phase": "battle",
    "players": [
        {"field": {"vanguard": {"id": f"{side}-vg", "name": "G3", "grade": 3, "power": 13000, "clan": side}},
         "deck": [{"id": f"{side}-d{i}", "name": "G1", "grade": 1, "power": 8000, "clan": side} for i in range(4)]}
        for side in ("A", "B")
    ],
}


def _board_paths(base: str) -> list[tuple[str, str]]:
    """A new board's page and its ruling page (the board made through the API, as a script would)."""
    body = json.dumps({"scenario": BOARD, "title": "phone benchmark"})
    request = urllib.request.Request(base + "/api/v1/scenarios/", data=body.encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            made = json.load(answer)
    except OSError as error:
        print(f"no board: {error}", file=sys.stderr)
        return []
    return [("board", f"/sandbox/{made['id']}/"), ("ruling", f"/sandbox/{made['id']}/ruling/0/")]


def _visit(page, cdp, url: str) -> tuple[int, float, int]:
    """(bytes transferred, ms to the load event, requests) of one navigation."""
    sizes: dict[str, float] = {}

    def finished(event):
        sizes[event["requestId"]] = event["encodedDataLength"]

    cdp.on("Network.loadingFinished", finished)
    started = time.perf_counter()
    page.goto(url, wait_until="load", timeout=60_000)
    took = (time.perf_counter() - started) * 1000
    page.wait_for_timeout(300)  # late loadingFinished events of requests that ended with the load
    cdp.remove_listener("Network.loadingFinished", finished)
    return int(sum(sizes.values())), took, len(sizes)


def measure(browser, base: str, path: str) -> tuple[tuple[int, float, int], tuple[int, float, int]]:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cold = _visit(page, cdp, base + path)
        warm = _visit(page, cdp, base + path)
        return cold, warm
    finally:
        context.close()


def _catalogue(base: str) -> list[dict]:
    with urllib.request.urlopen(base + "/offline/documents.json", timeout=120) as answer:
        return [entry for entry in json.load(answer)["documents"] if entry["current"]]


def offline_bundles(browser, base: str) -> None:
    """Each current document kept offline from the offline page, on the slow phone."""
    print(f"\n{'kept offline':<22} {'clauses':>7} {'JSON KB':>8} {'sent KB':>8} {'gzip KB':>8} {'br KB':>7} {'keep s':>7}")
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        page.goto(base + "/offline/", wait_until="load", timeout=60_000)
        page.wait_for_selector("#offline-catalogue li", timeout=120_000)
        for entry in _catalogue(base):
            urls: dict[str, str] = {}
            sizes: dict[str, float] = {}

            def responded(event):
                urls[event["requestId"]] = event["response"]["url"]

            def finished(event):
                sizes[event["requestId"]] = event["encodedDataLength"]

            cdp.on("Network.responseReceived", responded)
            cdp.on("Network.loadingFinished", finished)
            started = time.perf_counter()
            page.locator(f'#offline-catalogue li[data-slug="{entry["slug"]}"] button').click()
            page.locator(f'#offline-kept li[data-slug="{entry["slug"]}"]').wait_for(timeout=300_000)
            took = time.perf_counter() - started
            page.wait_for_timeout(300)
            cdp.remove_listener("Network.responseReceived", responded)
            cdp.remove_listener("Network.loadingFinished", finished)
            sent = sum(size for request, size in sizes.items() if urls.get(request, "").endswith(entry["url"]))
            print(f"{entry['slug']:<22} {entry['clauses']:7d} {entry['bytes'] / KB:8.1f} {sent / KB:8.1f} "
                  f"{entry['gzip_bytes'] / KB:8.1f} {entry['brotli_bytes'] / KB:7.1f} {took:7.1f}", flush=True)
    finally:
        context.close()


def run(base: str, offline_only: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    if offline_only:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                offline_bundles(browser, base)
            finally:
                browser.close()
        return
    kinds = list(PAGE_KINDS)
    at = [name for name, _ in kinds].index("offline page")
    kinds[at:at] = _board_paths(base)
    print(f"slow 4G phone (150 ms RTT, 1.6 Mbit/s down) against {base}; targets < {TARGET_BYTES // KB} KB "
          f"transferred, < {TARGET_WARM_MS} ms warm")
    print(f"{'page kind':<20} {'cold KB':>8} {'cold ms':>8} {'req':>4} {'warm KB':>8} {'warm ms':>8}  over target")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name, path in kinds:
                (cold_bytes, cold_ms, requests), (warm_bytes, warm_ms, _) = measure(browser, base, path)
                over = []
                if cold_bytes > TARGET_BYTES:
                    over.append("bytes")
                if warm_ms > TARGET_WARM_MS:
                    over.append("warm time")
                print(f"{name:<20} {cold_bytes / KB:8.1f} {cold_ms:8.0f} {requests:4d} {warm_bytes / KB:8.1f} "
                      f"{warm_ms:8.0f}  {', '.join(over)}", flush=True)
            offline_bundles(browser, base)
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", help="a running server (make serve) instead of starting one")
    parser.add_argument("--offline-only", action="store_true", help="only the documents kept offline")
    args = parser.parse_args()
    measure_all(base=args.base, offline_only=args.offline_only)


def measure_all(*, base: str | None = None, offline_only: bool = False) -> None:
    """Against `base` (a running server), or a production server started for the run on a temporary copy."""
    if base:
        run(base.rstrip("/"), offline_only)
        return
    with tempfile.TemporaryDirectory(prefix="judgeapp-phone-") as var_dir, \
            production_server(Path(var_dir), workers=2, corpus=True) as (base, _):
        if not offline_only:
            with contextlib.suppress(OSError):  # the compare pages' alignment, computed once as after an import
                urllib.request.urlopen(base + "/compare/vg-cr-it-2.2/vg-cr-en-1.48/", timeout=120).read()
        run(base, offline_only)


if __name__ == "__main__":
    main()
