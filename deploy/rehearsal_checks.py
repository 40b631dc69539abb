"""What the rehearsal checks once the load has stopped, read straight from PostgreSQL (psycopg)
and replayed with the engines, so it needs no Django settings of its own.

- no move lost: every move answered 200 is in its match's log, at its version, once;
- no move duplicated: versions run 1..n without a gap; every person's move in the log was sent
  by a client (answered 200, or sent when its node died and its answer was lost);
- every log replays from the seed to the stored snapshot;
- every bot turn played once: no active match is left waiting for a bot, and a bot's turn is
  never logged twice (versions are unique, and replay would break on a repeated move);
- every notification delivered once: `delivered_notifications` reads the outbox (each notice and
  whether its e-mail was sent); a "your turn" notice at most once per turn of that player, a
  "game over" notice exactly once per person and finished match between people, and each e-mail the outbox
  says it sent is in the mail directory exactly once (by its Message-ID, made from the
  delivery's idempotency key), with no mail the outbox does not know.
"""

from __future__ import annotations

import email
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

import engine

MAIL_SEPARATOR = "-" * 79


@dataclass
class Notice:
    user_id: int
    match_id: int | None
    kind: str
    created_at: object
    emailed: bool
    message_id: str


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    figures: dict = field(default_factory=dict)

    def fail(self, text: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(text)


def delivered_notifications(conn, match_ids: list[int]) -> list[Notice]:
    """Every notice the outbox holds for these matches, and whether its e-mail was sent (the
    Message-ID of that mail is the delivery's idempotency key, "<notice key>.mail")."""
    rows = conn.execute(
        """SELECT n.user_id, n.match_id, n.kind, n.created_at,
                  EXISTS (SELECT 1 FROM games_delivery d WHERE d.notice_key = n.key AND d.channel = 'mail'
                          AND d.outcome = 'sent' AND NOT d.digest),
                  n.key || '.mail'
           FROM games_notification n WHERE n.match_id = ANY(%s) ORDER BY n.created_at""",
        [match_ids],
    ).fetchall()
    return [Notice(*row) for row in rows]


def mails(directory: Path) -> Counter:
    """The Message-ID's key part ("<key@host>" → key) of every mail the file backend wrote, counted."""
    sent: Counter = Counter()
    for path in sorted(directory.glob("*")):
        for chunk in path.read_text(errors="replace").split(MAIL_SEPARATOR):
            if chunk.strip():
                message = email.message_from_string(chunk.strip())
                sent[(message["Message-ID"] or "").strip("<>").split("@")[0]] += 1
    return sent


def check(database_url: str, match_ids: list[int], submissions: list[dict], mail_dir: Path) -> Report:
    report = Report()
    with psycopg.connect(database_url) as conn:
        matches = {
            row[0]: row
            for row in conn.execute(
                """SELECT id, game, players, options, seed, version, state, status, to_act FROM games_match
                   WHERE id = ANY(%s)""",
                [match_ids],
            )
        }
        turns = defaultdict(list)
        for match_id, version, seat, kind, action, undone in conn.execute(
            "SELECT match_id, version, seat, kind, action, undone FROM games_turn WHERE match_id = ANY(%s) ORDER BY match_id, version",
            [match_ids],
        ):
            turns[match_id].append((version, seat, kind, action, undone))
        bots = defaultdict(set)
        for match_id, index in conn.execute(
            "SELECT match_id, index FROM games_seat WHERE match_id = ANY(%s) AND bot <> ''", [match_ids]
        ):
            bots[match_id].add(index)
        _check_logs(report, matches, turns, bots, submissions)
        _check_notices(report, conn, matches, turns, bots, delivered_notifications(conn, match_ids), mail_dir)
    return report


def _check_logs(report, matches, turns, bots, submissions) -> None:
    answered = {}
    sent = defaultdict(list)  # (match, version) -> actions sent whose answer was 200 or lost
    for s in submissions:
        key = (s["match"], s["version"] + 1)
        if s["status"] == 200:
            if key in answered:
                report.fail(f"match {key[0]} version {key[1]} answered 200 twice")
            answered[key] = s["action"]
        if s["status"] == 200 or s["status"] is None or s["status"] >= 500:
            sent[key].append(s["action"])
    bot_turns = person_turns = 0
    for match_id, (_, slug, players, options, seed, version, state, status, to_act) in matches.items():
        log = turns[match_id]
        if [t[0] for t in log] != list(range(1, version + 1)):
            report.fail(f"match {match_id}: versions {[t[0] for t in log][:5]}... are not 1..{version}")
        for number, seat, kind, action, _undone in log:
            if kind != "game":
                continue
            if seat in bots[match_id]:
                bot_turns += 1
            else:
                person_turns += 1
                if action not in sent.get((match_id, number), []):
                    report.fail(f"match {match_id} version {number}: a person's move no client sent")
        game = engine.get_game(slug)
        replayed = game.setup(seed, players, options)
        for _, seat, kind, action, undone in log:
            if kind == "game" and not undone:
                replayed = game.apply(replayed, seat, action)
        if json.loads(json.dumps(game.serialize(replayed))) != state:
            report.fail(f"match {match_id}: the log does not replay to the snapshot")
        if status == "active" and bots[match_id].intersection(to_act):
            report.fail(f"match {match_id}: still waiting for a bot (to act: {to_act})")
    logged = {(m, t[0]): t[4] for m, log in turns.items() for t in log}
    for (match_id, number), action in answered.items():
        if (match_id, number) not in logged:
            report.fail(f"match {match_id} version {number}: answered 200 but not in the log")
        else:
            row = next(t for t in turns[match_id] if t[0] == number)
            if row[3] != action:
                report.fail(f"match {match_id} version {number}: the log holds another move than the one answered 200")
    report.figures.update(bot_turns=bot_turns, person_turns=person_turns, matches=len(matches))


def _check_notices(report, conn, matches, turns, bots, notices, mail_dir) -> None:
    seats = defaultdict(dict)  # match -> user -> seat index
    for match_id, index, user_id in conn.execute(
        "SELECT match_id, index, user_id FROM games_seat WHERE match_id = ANY(%s) AND user_id IS NOT NULL",
        [list(matches)],
    ):
        seats[match_id][user_id] = index
    moved_at = defaultdict(list)  # (match, seat) -> times that seat moved
    for match_id, seat, created_at in conn.execute(
        "SELECT match_id, seat, created_at FROM games_turn WHERE match_id = ANY(%s)", [list(matches)]
    ):
        moved_at[(match_id, seat)].append(created_at)
    by_turn = defaultdict(list)
    finished = Counter()
    for n in notices:
        if n.kind == "turn":
            seat = seats[n.match_id].get(n.user_id)
            # the turn a notice is about: how many moves that seat had made when it was written
            made = sum(1 for t in moved_at[(n.match_id, seat)] if t < n.created_at)
            by_turn[(n.user_id, n.match_id, made)].append(n)
        elif n.kind == "finished":
            finished[(n.user_id, n.match_id)] += 1
    for (user_id, match_id, made), same in by_turn.items():
        if len(same) > 1:
            report.fail(f"user {user_id} got {len(same)} 'your turn' notices for one turn of match {match_id}")
    for match_id, row in matches.items():
        if row[7] == "finished":
            # a match with one person and bots tells nobody anything (docs/correspondence.md)
            wanted = 1 if len(seats[match_id]) > 1 else 0
            for user_id in seats[match_id]:
                if finished[(user_id, match_id)] != wanted:
                    report.fail(f"user {user_id}: {finished[(user_id, match_id)]} 'game over' notices for match {match_id}")
    sent = mails(mail_dir)
    expected = {n.message_id for n in notices if n.emailed}
    known = {n.message_id for n in notices}
    for key in expected:
        if sent.get(key, 0) != 1:
            report.fail(f"the mail of notice {key} was sent {sent.get(key, 0)} times")
    for key, count in sent.items():
        if key in known and key not in expected:
            report.fail(f"a mail {key} the outbox does not say it sent ({count})")
    report.figures.update(
        notices=len(notices), turn_notices=sum(len(v) for v in by_turn.values()),
        finished_notices=sum(finished.values()), mails=sum(sent.values()),
    )
