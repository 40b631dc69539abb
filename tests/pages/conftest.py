"""The rendered pages, made once for the package's tests and rolled back afterwards."""

import random

import pytest
from django.db import transaction

from games.lobby import tables
from tests.pages import world


@pytest.fixture(scope="package")
def pages(django_db_setup, django_db_blocker):
    """Same deals on every run (as tests/conftest.py does per test), so a page's size is the same."""
    with pytest.MonkeyPatch.context() as patch, django_db_blocker.unblock(), transaction.atomic():
        patch.setattr(tables.secrets, "randbits", random.Random(35).getrandbits)
        found = world.pages(world.build())
        transaction.set_rollback(True)
    return found
