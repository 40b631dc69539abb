"""Every benchmark still imports, and so does every module its seed scripts name.

Benchmarks are not tests: nothing else runs them, so a module that moved would break one
silently. Each is imported in a process of its own (some set Django up for themselves on an
in-memory database), then every `from games... import ...` line in it, the scripts it hands to
`manage.py shell` included, is imported too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = sorted((ROOT / "bench").glob("*.py"))
NAMED = re.compile(r"^\s*from ((?:games|engine|accounts|chickenisland|deploy|tests)[\w.]*) import ([\w, ]+)", re.M)

CHECK = """
import importlib, importlib.util, sys
sys.path[:0] = [{bench!r}, {root!r}]
spec = importlib.util.spec_from_file_location("bench_under_test", {path!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
import django
from django.conf import settings
if not settings.configured or not django.apps.apps.ready:
    django.setup()
for name, names in {named!r}:
    found = importlib.import_module(name)
    for attr in names:
        if not hasattr(found, attr):
            importlib.import_module(name + "." + attr)
"""


def named_imports(path: Path) -> list[tuple[str, list[str]]]:
    return [(m.group(1), [n.split(" as ")[0].strip() for n in m.group(2).split(",") if n.strip()])
            for m in NAMED.finditer(path.read_text())]


@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.name)
def test_a_benchmark_and_what_its_scripts_name_import(path):
    code = CHECK.format(bench=str(ROOT / "bench"), root=str(ROOT), path=str(path), named=named_imports(path))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "chickenisland.settings"}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]


def test_the_check_sees_a_module_that_moved(tmp_path):
    """The scan reads the seed scripts' lines too, so a stale name would fail above."""
    script = tmp_path / "stale.py"
    script.write_text('SEED = """\nfrom games import no_such_module\n"""\n')
    code = CHECK.format(bench=str(ROOT / "bench"), root=str(ROOT), path=str(script), named=named_imports(script))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "chickenisland.settings"}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "no_such_module" in run.stderr
