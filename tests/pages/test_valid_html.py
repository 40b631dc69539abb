"""Every kind of page passes the Nu HTML checker with no error (issue 35)."""

import os

import pytest

from tests.pages import checker

pytestmark = pytest.mark.django_db


def test_every_page_kind_is_valid_html(pages):
    if checker.java() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but there is no java to run the Nu HTML checker (.ci/run installs it)")
        pytest.skip("needs java for the Nu HTML checker (Debian: default-jre-headless)")
    problems = checker.check(pages)
    assert not problems, f"{len(problems)} errors:\n" + "\n".join(str(p) for p in problems)
