"""Timestamps read by psycopg's compiled loader (chickenisland/postgresql/base.py): on the
site's UTC session they are the aware UTC datetimes Django's own loader gives."""

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import get_adapters_template

from chickenisland.postgresql import base

UTC = datetime.timezone.utc
VALUES = [
    "2026-11-26 03:31:43.123456+00", "2026-11-26 05:31:43+02", "1999-12-31 23:59:59.999999-11:30",
    "1900-01-01 00:00:00+00", "0001-01-01 00:00:00+00", "9999-12-31 23:59:59.999999+00",
    "2026-03-29 01:30:00+01", "2026-07-01 12:00:00.5+05:45",
]


def _read(cursor):
    cursor.execute("SELECT " + ", ".join(f"%s::timestamptz" for _ in VALUES), VALUES)
    return cursor.fetchone()


def test_the_compiled_loader_reads_what_djangos_reads(postgres, db):
    with connection.cursor() as cursor:
        ours = _read(cursor)
        loader = cursor.cursor.adapters.get_loader(base._TIMESTAMPTZ, 0)
    assert loader is base.UtcTimestampLoader
    assert all(value.tzinfo is UTC for value in ours)
    with connection.cursor() as cursor:
        cursor.cursor.adapters.register_loader("timestamptz", get_adapters_template(True, UTC).get_loader(base._TIMESTAMPTZ, 0))
        theirs = _read(cursor)
    assert ours == theirs
    assert [v.isoformat() for v in ours] == [v.isoformat() for v in theirs]
    assert ours[1] == datetime.datetime(2026, 11, 26, 3, 31, 43, tzinfo=UTC)

