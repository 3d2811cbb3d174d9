"""A move's round trip in the browser: from the click on a place to the move drawn in the page.

A real ``domine serve`` (tests/browser_helpers.py: a temporary SQLite database, loopback) and
Debian's Chromium through Playwright. One human seat against a random bot plays Draw Dominoes
(`draw`) through the table page; for each of its moves the page itself notes ``performance.now()``
at the click and again when the history of the hand has grown by that move (a MutationObserver),
so the figure holds the WebSocket's trip, the server's check and write, and the page's drawing,
not Playwright's own latency.

    python benchmarks/browser_roundtrip.py --moves 60
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser_helpers import Server, launch, missing, ready, state, wait_turn

WATCH = """() => {
    window.__trips = [];
    let start = null, count = null;
    const history = () => document.querySelectorAll('[data-testid=history] li').length;
    document.addEventListener('click', (ev) => {
        if (ev.target.closest('[data-testid=place], [data-testid=move], [data-testid^=place-]')) {
            start = performance.now(); count = history();
        }
    }, true);
    new MutationObserver(() => {
        if (start !== null && history() !== count) { window.__trips.push(performance.now() - start); start = null; }
    }).observe(document.getElementById('app'), { childList: true, subtree: true });
}"""


def run(moves: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    server = Server().start()
    try:
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            made = server.table("draw", players=2, options={"target": 1000}, pause=0)
            page.goto(made["links"][0])
            ready(page)
            page.evaluate(WATCH)
            done = 0
            deadline = time.monotonic() + 30 + moves * 2
            while done < moves and time.monotonic() < deadline:
                if not wait_turn(page, 0):
                    break
                tile = page.query_selector("[data-testid=hand] [data-testid^=tile-][data-playable=true]")
                if tile is not None:
                    page.locator(f"[data-testid={tile.get_attribute('data-testid')}]").click()
                    target = page.locator("[data-testid=places] [data-testid=place]").first
                else:
                    target = page.locator("[data-testid=moves] [data-testid=move]").first
                before = page.evaluate("() => window.__trips.length")
                target.click()
                page.wait_for_function(f"() => window.__trips.length > {before}", timeout=10_000)
                done += 1
            trips = page.evaluate("() => window.__trips")
            browser.close()
            if done < moves:
                print(f"only {done} moves in time ({state(page) if not page.is_closed() else ''})", file=sys.stderr)
            return trips
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="moves to time (default 60)")
    args = parser.parse_args()
    why = missing()
    if why:
        sys.exit(why)
    trips = sorted(run(args.moves))
    if not trips:
        sys.exit("no move was timed")
    p50 = statistics.median(trips)
    p95 = trips[min(len(trips) - 1, round(0.95 * (len(trips) - 1)))]
    print(f"{len(trips)} moves in the browser, click to drawn: p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"max {trips[-1]:.1f} ms")


if __name__ == "__main__":
    main()
