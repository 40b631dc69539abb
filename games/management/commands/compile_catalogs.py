"""Compiles locale/*/LC_MESSAGES/django.po into .mo files in pure Python (polib).

Django's compilemessages needs GNU msgfmt; this does the same job with nothing outside the
virtual environment, so a fresh checkout runs with `make run` alone.
"""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


def catalogs() -> list[Path]:
    return sorted(path for root in settings.LOCALE_PATHS for path in Path(root).glob("*/LC_MESSAGES/django.po"))


def compile_catalog(po_path: Path) -> Path:
    mo_path = po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


class Command(BaseCommand):
    help = "Compile the translation catalogs (.po → .mo) without GNU gettext."

    def handle(self, *args, **options):
        for po_path in catalogs():
            mo_path = compile_catalog(po_path)
            self.stdout.write(f"Compiled {mo_path.relative_to(settings.BASE_DIR)}")
