"""Closing a streaming answer in a test as Django's test client closes one it has read to the
end: without closing the test's database connection, which holds the test's transaction
(PostgreSQL would answer the next request with "the connection is closed")."""

from django.core.signals import request_finished
from django.db import close_old_connections


def close(response) -> None:
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)
