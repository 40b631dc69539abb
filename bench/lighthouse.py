"""Lighthouse on a phone, page kind by page kind, against the site as production serves it (not a test).

    python bench/lighthouse.py --lighthouse <path to the lighthouse command> [--only wfci-mid,home]

Issue 35 asks for Lighthouse's mobile scores (performance ≥ 95, accessibility 100, best
practices 100, SEO ≥ 95) on every page kind. This builds the pages' world of the HTML tests
(`tests/pages/world.py`: ann with matches of each game early, mid-game and finished, a chat, a
solo match, a watched match) in a SQLite file of a temporary folder, collects the static files,
serves the site with gunicorn and production settings (DEBUG off: WhiteNoise's compressed,
hashed static files, the site's own page compression), logs ann in through a session cookie, and
runs Lighthouse (mobile, its default form factor) on each page with Debian's Chromium. Prints
one line per page: the four scores, the page's transfer size, the page and its resources in all,
and its DOM's elements, and writes JSON to bench/results/. It asserts nothing.

Lighthouse itself is not a dependency of the project: `npm install lighthouse` in a folder of
your choice and pass its `node_modules/.bin/lighthouse`.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.request import urlopen

ROOT = Path(__file__).resolve().parent.parent
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"
                " --disable-sync --no-first-run")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")

# name, path (with the world's match names in braces), whether ann is logged in
PAGES = [
    ("home", "/", True), ("new match", "/matches/new/", True), ("my matches", "/matches/mine/", True),
    ("rules wfci", "/games/wfci/rules/", True), ("rules barnyard", "/games/barnyard/rules/", True),
    ("settings", "/accounts/profile/", True), ("leaderboard", "/leaderboard/wfci/", True),
    ("notifications", "/notifications/", True), ("log in", "/accounts/login/", False),
    ("sign up", "/accounts/signup/", False),
    ("wfci early", "/matches/{wfci early}/", True), ("wfci mid", "/matches/{wfci mid}/", True),
    ("wfci finished", "/matches/{wfci finished}/", True), ("wfci solo", "/matches/{wfci solo}/", True),
    ("chickenrun mid", "/matches/{chickenrun mid}/", True), ("chickendie mid", "/matches/{chickendie mid}/", True),
    ("barnyard mid", "/matches/{barnyard mid}/", True), ("barnyard finished", "/matches/{barnyard finished}/", True),
    ("chat match", "/matches/{chat}/", True), ("watched match", "/matches/{watched}/", True),
    ("replay wfci, end", "/matches/{wfci finished}/replay/", True),
    ("replay wfci, start", "/matches/{wfci finished}/replay/?v=1", True),
    ("replay barnyard", "/matches/{barnyard finished}/replay/", True),
]

SEED = """
import random
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from games.lobby import tables
from tests.pages import world
tables.secrets.randbits = random.Random(35).getrandbits
w = world.build()
s = SessionStore()
s[SESSION_KEY] = str(w["ann"].pk)
s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
s[HASH_SESSION_KEY] = w["ann"].get_session_auth_hash()
s.create()
print(json.dumps({"session": s.session_key, "matches": {k: m.pk for k, m in w["matches"].items()}}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_env(folder: Path) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}  # tasks in-process
    return {**base, "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}", "DJANGO_DEBUG": "false",
            "SECRET_KEY": "lighthouse-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "false", "AXES_ENABLED": "false",
            "EMAIL_URL": "dummymail://"}


def manage(env: dict, *args: str) -> str:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout


def lighthouse(command: str, chromium: str, url: str, session: str | None, out: Path) -> dict:
    headers = json.dumps({"Cookie": f"sessionid={session}"} if session else {})
    subprocess.run([command, url, f"--chrome-flags={CHROME_FLAGS}", f"--extra-headers={headers}",
                    f"--only-categories={','.join(CATEGORIES)}", "--output=json", f"--output-path={out}", "--quiet"],
                   env={**os.environ, "CHROME_PATH": chromium}, check=False, capture_output=True)
    report = json.loads(out.read_text())
    if report.get("runtimeError"):
        return {"error": report["runtimeError"]["code"]}
    audits = report["audits"]
    return {"scores": {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES},
            "page_transfer_kb": round(audits["network-requests"]["details"]["items"][0]["transferSize"] / 1024, 1),
            "total_kb": round(audits["total-byte-weight"]["numericValue"] / 1024),
            "dom_elements": audits["dom-size"]["numericValue"],
            "metrics_ms": {m: round(audits[m]["numericValue"]) for m in ("first-contentful-paint", "largest-contentful-paint",
                                                                        "total-blocking-time")},
            "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
            "below_1": sorted(a["id"] for a in audits.values() if a.get("score") is not None and a["score"] < 1
                              and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lighthouse", default=os.environ.get("LIGHTHOUSE", "lighthouse"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--only", default="", help="page names, comma separated")
    parser.add_argument("--tries", type=int, default=3, help="a run Lighthouse could not trace is tried again")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = parser.parse_args(argv)
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    with tempfile.TemporaryDirectory() as tmp:
        folder, port = Path(tmp), free_port()
        env = site_env(folder)
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        world = json.loads(manage(env, "shell", "-c", "import json\n" + SEED).strip().splitlines()[-1])
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "chickenisland.wsgi", "-b", f"127.0.0.1:{port}",
                                   "-w", "2", "-k", "gthread", "--threads", "2"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            for _ in range(100):
                try:
                    urlopen(f"http://127.0.0.1:{port}/health/", timeout=1)
                    break
                except OSError:
                    time.sleep(0.2)
            results = {}
            for name, path, logged_in in PAGES:
                if only and name not in only:
                    continue
                url = f"http://127.0.0.1:{port}" + path.format(**world["matches"])
                for _ in range(args.tries):
                    r = lighthouse(args.lighthouse, args.chromium, url, world["session"] if logged_in else None,
                                   folder / "report.json")
                    if "error" not in r:
                        break
                results[name] = r
                if "error" in r:
                    print(f"{name:20} {r['error']}", flush=True)
                    continue
                s = r["scores"]
                print(f"{name:20} perf {s['performance']:3} a11y {s['accessibility']:3} bp {s['best-practices']:3} "
                      f"seo {s['seo']:3}  page {r['page_transfer_kb']:5} KB sent, {r['total_kb']:4} KB in all, "
                      f"{r['dom_elements']:5} elements", flush=True)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"lighthouse-{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(results, indent=2))
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
