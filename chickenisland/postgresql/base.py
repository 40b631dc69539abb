"""Django's PostgreSQL backend, with the health check of a persistent connection (CONN_HEALTH_CHECKS)
skipped when the connection served a request without error within the last half second.

Django checks a reused connection with a `SELECT 1` round trip before the first query of every
request. On the hot path that was one statement in three of a move and one in two of a poll,
for connections that had just answered. Connection pools skip the check for a connection used
moments ago (HikariCP's half-second bypass window) and so does this: a connection idle longer
is still checked, and one that met an error is checked as before (Django's own
close_if_unusable_or_obsolete), so a connection that died with a database restart is replaced on
the next request. What changes: a restart completed within half a second of a connection's last
request fails that connection's next request, answered 503 with Retry-After like any request
while the database is away (chickenisland.middleware.OutageMiddleware), and the connection is
replaced after it.

Its timestamps are read by psycopg's own loader (compiled, with psycopg's binary package) rather
than Django's, which parses each value in Python and then sets its time zone to UTC: a move's
locking read has 18 of them. On a connection whose session time zone is UTC, which Django sets
when USE_TZ is on and DATABASES' TIME_ZONE is unset, psycopg's loader gives the same values with
the same `datetime.timezone.utc`; any other set-up keeps Django's loader.
"""

import datetime
import time

import psycopg
from django.db.backends.postgresql import base

FRESH_SECONDS = 0.5

_TIMESTAMPTZ = psycopg.postgres.types["timestamptz"].oid


_NATIVE = psycopg.adapters.get_loader(_TIMESTAMPTZ, psycopg.pq.Format.TEXT)


class UtcTimestampLoader(psycopg.adapt.Loader):
    """psycopg's timestamptz loader, which reads a UTC session's values as aware UTC datetimes
    (its compiled class cannot be subclassed, so this hands its `load` on). `timezone` is what
    Django's create_cursor compares with the connection's."""

    timezone = datetime.timezone.utc

    def __init__(self, oid, context=None):
        super().__init__(oid, context)
        self.load = _NATIVE(oid, context).load

    def load(self, data):  # replaced on each instance by the native loader's
        return _NATIVE(self.oid, None).load(data)


class DatabaseWrapper(base.DatabaseWrapper):
    good_until = 0.0  # monotonic time until which the connection counts as checked

    def init_connection_state(self):
        super().init_connection_state()  # sets the session's time zone
        if self.timezone is datetime.timezone.utc and self.connection.info.parameter_status("TimeZone") == "UTC":
            self.connection.adapters.register_loader(_TIMESTAMPTZ, UtcTimestampLoader)

    def close_if_health_check_failed(self):
        if self.connection is not None and not self.health_check_done and time.monotonic() < self.good_until:
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def close_if_unusable_or_obsolete(self):
        """Django runs this at both ends of a request. At the end of one that ran its queries
        without error, the connection is good for FRESH_SECONDS more; an error ends that (a
        request that ran no query changes nothing)."""
        served, failed = self.health_check_done and not self.errors_occurred, self.errors_occurred
        super().close_if_unusable_or_obsolete()
        if self.connection is None or failed:
            self.good_until = 0.0
        elif served:
            self.good_until = time.monotonic() + FRESH_SECONDS

    def close(self):
        self.good_until = 0.0
        super().close()
