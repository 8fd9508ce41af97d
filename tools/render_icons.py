"""Render static/judgeapp/icons/icon.svg to the PNG icons base.html and the web manifest link.

Run after editing the SVG: `.venv/bin/python tools/render_icons.py` (uses Playwright and
Debian's Chromium, the browser tests' tools; no network)."""
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "judgeapp" / "icons"
SIZES = {"icon-32.png": 32, "apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512}
# iOS rounds the corners itself and fills transparency with black: its icon is a full square.
OPAQUE = {"apple-touch-icon.png"}


def render() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"])
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            background = "#0b5cad" if name in OPAQUE else "transparent"
            page.set_content(f"<style>html,body{{margin:0;background:{background}}}svg{{display:block}}</style>{sized}")
            page.screenshot(path=str(ICONS / name), omit_background=name not in OPAQUE)
            page.close()
        browser.close()


if __name__ == "__main__":
    render()
