"""What a phone reader waits for, measured as Lighthouse measures a phone: Chromium at 390×844,
its CPU slowed 4× and a fast-3G link (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up)
emulated through the DevTools protocol, the site served gzipped as a host would, every visit
in a fresh browser context (nothing cached). Median of 3 of each:

- paste on the home page → the answer card on screen (the paste comes as soon as the page
  has loaded; the time runs from the paste to the card);
- paste on the Error index (/errors/) → the card;
- load of /errors/, of an entry's page, of an ordinary page (/leaf-tensors/): navigation to
  the load event.

    .venv/bin/python bench/phone.py            builds the site first (make build)
    .venv/bin/python bench/phone.py --no-build  measures site/ as it is
    .venv/bin/python bench/phone.py --site=DIR  measures another built site

Targets: paste → card ≤ 3 s from the home page and from the index; the index and an entry's
page load in ≤ 3 s.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import shutil
import statistics
import subprocess
import sys
import threading
from pathlib import Path

import results
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
RUNS = 3
PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
# Lighthouse's mobile link: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second).
LINK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
PASTE = ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    loss.backward()\n"
         "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
         "operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected "
         "version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its "
         "gradient, with torch.autograd.set_detect_anomaly(True).\n")
ENTRY = "errors/one-of-the-variables-needed-for-gradient-computation-has/"
TARGET_S = 3.0


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a host would: text gzipped, when the browser asks for it."""

    def log_message(self, format, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        compressible = path.suffix in (".html", ".js", ".css", ".json", ".svg", ".xml")
        if not (compressible and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip.compress(path.read_bytes())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return _Body(body)


class _Body:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, *_):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a context closed while a file was on its way: nothing to report


def chromium() -> str:
    found = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(found).exists():
        sys.exit("bench/phone.py drives Debian's Chromium: apt-get install chromium")
    return found


def phone(browser):
    """A fresh phone: new context, slowed CPU and link."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme="light",
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", LINK)
    return context, page


def load_seconds(browser, url: str) -> float:
    context, page = phone(browser)
    page.goto(url, wait_until="load", timeout=120_000)
    seconds = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000
    context.close()
    return seconds


def paste_seconds(browser, url: str) -> float:
    """From the paste, right after the page's load event, to the card on screen."""
    context, page = phone(browser)
    page.goto(url, wait_until="load", timeout=120_000)
    page.evaluate("""() => {
      window.fgCardAt = null;
      new MutationObserver((_, observer) => {
        const card = document.getElementById("fg-diagnosis");
        if (card && card.getBoundingClientRect().height > 0) {
          window.fgCardAt = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, {childList: true, subtree: true});
    }""")
    page.evaluate("text => navigator.clipboard.writeText(text)", PASTE)
    page.locator("#fg-diagnose-input").focus()
    start = page.evaluate("performance.now()")
    page.keyboard.press("Control+V")
    page.wait_for_function("() => window.fgCardAt !== null", timeout=120_000)
    seconds = (page.evaluate("window.fgCardAt") - start) / 1000
    context.close()
    return seconds


def main(argv: list[str]) -> int:
    site = next((Path(a.split("=", 1)[1]) for a in argv if a.startswith("--site=")), SITE)
    if "--no-build" not in argv and site == SITE:
        subprocess.run([sys.executable, "-m", "fieldguide.site_build", str(Path(sys.executable).parent / "mkdocs")],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    server = QuietServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    measures = {
        "paste on the home page → card": (paste_seconds, base, True),
        "paste on /errors/ → card": (paste_seconds, base + "errors/", True),
        "load /errors/": (load_seconds, base + "errors/", True),
        f"load /{ENTRY}": (load_seconds, base + ENTRY, True),
        "load /leaf-tensors/": (load_seconds, base + "leaf-tensors/", False),
    }
    print(f"phone: {PHONE['width']}×{PHONE['height']}, CPU {CPU_SLOWDOWN}× slower, "
          f"{LINK['latency']} ms, {LINK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down; median of {RUNS}")
    met = True
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium())
        for name, (measure, url, targeted) in measures.items():
            runs = [measure(browser, url) for _ in range(RUNS)]
            median = statistics.median(runs)
            verdict = (f"target ≤ {TARGET_S:g} s: {'met' if median <= TARGET_S else 'NOT met'}" if targeted else "")
            met &= median <= TARGET_S or not targeted
            print(f"  {name:<70} {median:5.2f} s  ({', '.join(f'{r:.2f}' for r in runs)})  {verdict}")
        browser.close()
    server.shutdown()
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(results.record(main, sys.argv[1:]))
