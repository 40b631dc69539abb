"""Racing submissions of one move on a file SQLite database, as `make run` serves it.

Run as a script by test_sqlite_concurrency.py (its own process, so the database is a real file
rather than the test runner's in-memory one). Prints the answer counts by status as JSON.
"""

import json
import os
import sys
import threading
from collections import Counter

import django


def main(rounds: int, racers: int) -> dict:
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from rest_framework.test import APIClient

    from accounts.models import User
    from games.lobby import tables
    from games.play import visibility
    from games.models import Match

    call_command("migrate", verbosity=0)
    hen = User.objects.create_user("hen", "hen@example.com", "a-Strong-passw0rd!")
    for _ in range(20):  # the deal is random here: the bot may win every roll and the game before hen moves
        match = Match.objects.get(pk=tables.create_match(hen, "chickenrun", 2, bots={"1": "sensible"}).pk)
        if match.status == Match.Status.ACTIVE and 0 in match.to_act:
            break
    statuses: Counter = Counter()
    winners: Counter = Counter()
    lock = threading.Lock()

    def race(version, action, start):
        client = APIClient()
        client.force_authenticate(hen)
        start.wait()
        try:
            if action is None:
                code = client.get(f"/api/matches/{match.pk}/").status_code
            else:
                body = {"version": version, "action": action}
                code = client.post(f"/api/matches/{match.pk}/actions/", body, format="json").status_code
        except Exception as exc:  # the defect: "database is locked" escaping as a server error
            code = f"error: {exc}"
        finally:
            connection.close()
        with lock:
            statuses[str(code)] += 1
            if code == 200 and action is not None:
                winners[version] += 1

    for _ in range(rounds):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE or 0 not in match.to_act:
            break
        payload = visibility.match_payload(match, hen)
        action = payload["legal_actions"][0]
        start = threading.Barrier(racers + 2)
        threads = [threading.Thread(target=race, args=(match.version, action, start)) for _ in range(racers)]
        threads += [threading.Thread(target=race, args=(match.version, None, start))]  # a page refresh
        for t in threads:
            t.start()
        start.wait()
        for t in threads:
            t.join()
    match.refresh_from_db()
    replays = visibility.replay(match) == match.state
    return {"statuses": dict(statuses), "winners_per_version": sorted(set(winners.values())), "replays": replays,
            "versions_won": len(winners), "status": match.status}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    print(json.dumps(main(int(sys.argv[1]), int(sys.argv[2]))))
