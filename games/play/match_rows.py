"""Reading a match for a move or a page: the match, its seats and their players in one query,
under the match row lock when the caller is about to change it.

These are the hot path's reads (every move and every poll), so they are written once as SQL
built from the models' own fields and turned into model instances with the fields' own
converters: the ORM's query compiler cost more CPU than everything else in a move.
"""

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from ..refusals import NotFound
from ..models import Match, Seat, Vacation


MAX_ID = 2**63 - 1  # a BigAutoField: a larger id in a URL names no match (and must not reach SQL)


def _known_id(match_id):
    if not 0 < int(match_id) <= MAX_ID:
        raise NotFound(_("No such match."))
    return match_id


def lock_match(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=_known_id(match_id))
    except Match.DoesNotExist:
        raise NotFound(_("No such match.")) from None


def match_id(match) -> int:
    return match.pk if isinstance(match, Match) else int(match)


class Columns:
    """One model's columns in a hand-written SELECT: the select list, and the rows back as
    instances, each value through the converters the ORM itself would apply."""

    def __init__(self, model, alias: str):
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.names = [f.attname for f in self.fields]
        qn = connection.ops.quote_name
        self.sql = ", ".join(f"{alias}.{qn(f.column)}" for f in self.fields)
        self._converters = {}

    def converters(self, db):
        if db.vendor not in self._converters:
            found = []
            for i, f in enumerate(self.fields):
                col = f.get_col(self.model._meta.db_table)
                funcs = db.ops.get_db_converters(col) + col.get_db_converters(db)
                if funcs:
                    found.append((i, col, funcs))
            self._converters[db.vendor] = found
        return self._converters[db.vendor]

    def build(self, values, db=None):
        db = db or _db()
        values = list(values)
        for i, col, funcs in self.converters(db):
            for func in funcs:
                values[i] = func(values[i], col, db)
        return self.model.from_db(db.alias, self.names, values)


def _db():
    """The connection itself: `django.db.connection` is a proxy that looks it up again on every
    attribute, which the hot path's thousands of field conversions would pay each time."""
    return connections[DEFAULT_DB_ALIAS]


_SEATS_SQL = {}


def _seats_sql(lock: bool, token: bool):
    """SELECT seat, match, user and whether the player has a vacation that can touch the seat's
    clock, for every seat of one match, in seat order; with `token`, also whose active API token
    the caller holds (the token's check costs no round trip of its own)."""
    key = (connection.vendor, lock, token)
    if key not in _SEATS_SQL:
        qn = connection.ops.quote_name
        User = get_user_model()
        seat, match, user = Columns(Seat, "s"), Columns(Match, "m"), Columns(User, "u")
        vac = Vacation._meta
        holder = ""
        if token:
            holder = (f", (SELECT t.{qn('user_id')} FROM {qn(Token._meta.db_table)} t"
                      f" JOIN {qn(User._meta.db_table)} tu ON tu.{qn(User._meta.pk.column)} = t.{qn('user_id')}"
                      f" WHERE t.{qn('key')} = %s AND tu.{qn('is_active')})")
        sql = (
            f"SELECT {seat.sql}, {match.sql}, {user.sql}, EXISTS("
            f"SELECT 1 FROM {qn(vac.db_table)} v WHERE v.{qn('user_id')} = s.{qn('user_id')}"
            f" AND (v.{qn('end')} IS NULL OR v.{qn('end')} > COALESCE(s.{qn('turn_started_at')}, %s))){holder}"
            f" FROM {qn(Seat._meta.db_table)} s"
            f" JOIN {qn(Match._meta.db_table)} m ON m.{qn('id')} = s.{qn('match_id')}"
            f" LEFT JOIN {qn(User._meta.db_table)} u ON u.{qn('id')} = s.{qn('user_id')}"
            f" WHERE s.{qn('match_id')} = %s ORDER BY s.{qn('index')}"
        )
        if lock and connection.features.has_select_for_update:
            sql += " FOR UPDATE OF s, m" if connection.features.has_select_for_update_of else " FOR UPDATE"
        _SEATS_SQL[key] = (sql, seat, match, user)
    return _SEATS_SQL[key]


def match_with_seats(match_id, lock: bool = False, now=None, token: str | None = None) -> Match:
    """The match with `match.seats.all()` already filled (seat.user too): one query.

    Each seat also says whether its player has a vacation that can touch its clock
    (`has_pauses`), so reading the clocks queries no vacations for everyone else. With an API
    `token`, `match.token_user_id` is the id of its active user (None: no such token).
    """
    _known_id(match_id)
    now = now or timezone.now()
    sql, seat_cols, match_cols, user_cols = _seats_sql(lock, token is not None)
    with connection.cursor() as cursor:
        cursor.execute(sql, [now, token, int(match_id)] if token is not None else [now, int(match_id)])
        rows = cursor.fetchall()
    if not rows:  # a match always has seats; fall back for one that has none
        match = lock_match(match_id) if lock else Match.objects.filter(pk=match_id).first()
        if match is None:
            raise NotFound(_("No such match."))
        match._prefetched_objects_cache = {"seats": []}
        match.token_user_id = None
        return match
    extra = 2 if token is not None else 1
    db = _db()
    n_seat, n_match = len(seat_cols.names), len(match_cols.names)
    match = match_cols.build(rows[0][n_seat:n_seat + n_match], db)
    match.token_user_id = rows[0][-1] if token is not None else None
    seats = []
    for row in rows:
        seat = seat_cols.build(row[:n_seat], db)
        if seat.user_id is not None:
            seat.user = user_cols.build(row[n_seat + n_match:-extra], db)
        seat.match = match
        seat.has_pauses = bool(row[n_seat + n_match + len(user_cols.names)])
        seats.append(seat)
    match._prefetched_objects_cache = {"seats": seats}
    return match


def token_player(match: Match):
    """The user of the API token read with the match (`token=`), when they hold a seat of it;
    None for anyone else."""
    holder = match.token_user_id
    return next((s.user for s in match.seats.all() if holder is not None and s.user_id == holder), None)


# ---------------------------------------------------------------- the move's writes


_WRITE_SQL = {}


def _insert_sql(obj) -> tuple[str, list]:
    """INSERT one new row (what `obj.save()` does for a new object, without compiling a query)."""
    db, meta = _db(), obj._meta
    key = (db.vendor, meta.db_table)
    if key not in _WRITE_SQL:
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        qn = db.ops.quote_name
        _WRITE_SQL[key] = fields, (
            f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(f.column) for f in fields)})"
            f" VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {qn(meta.pk.column)}")
    fields, sql = _WRITE_SQL[key]
    return sql, [f.get_db_prep_save(f.pre_save(obj, True), db) for f in fields]


def _insert_many_sql(objs) -> tuple[str, list]:
    """INSERT new rows of one model in one statement; a row whose unique key is taken is left
    out (ON CONFLICT DO NOTHING: the outbox records an event once however often it is told)."""
    db, meta = _db(), objs[0]._meta
    key = (db.vendor, meta.db_table, "many", len(objs))
    if key not in _WRITE_SQL:
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        qn = db.ops.quote_name
        row = f"({', '.join(['%s'] * len(fields))})"
        _WRITE_SQL[key] = fields, (
            f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(f.column) for f in fields)})"
            f" VALUES {', '.join([row] * len(objs))} ON CONFLICT DO NOTHING")
    fields, sql = _WRITE_SQL[key]
    return sql, [f.get_db_prep_save(f.pre_save(obj, True), db) for obj in objs for f in fields]


def _update_sql(objs, names=None) -> tuple[str, list]:
    """UPDATE the given fields (all of them by default) of rows of one model in one statement,
    as `save()` / `bulk_update` would, auto_now fields included."""
    db, meta = _db(), objs[0]._meta
    key = (db.vendor, meta.db_table, tuple(names) if names is not None else None, len(objs))
    if key not in _WRITE_SQL:
        _WRITE_SQL[key] = _update_text(db, meta, names, len(objs))
    fields, sql = _WRITE_SQL[key]
    if len(objs) == 1:
        return sql, [f.get_db_prep_save(f.pre_save(objs[0], False), db) for f in fields] + [objs[0].pk]
    params = []
    for f in fields:
        for obj in objs:
            params += [obj.pk, f.get_db_prep_save(f.pre_save(obj, False), db)]
    return sql, params + [obj.pk for obj in objs]


def _update_text(db, meta, names, n: int):
    fields = [f for f in meta.concrete_fields if not f.primary_key and (names is None or f.name in names)]
    qn = db.ops.quote_name
    pk = qn(meta.pk.column)
    if n == 1:
        sets = ", ".join(f"{qn(f.column)} = %s" for f in fields)
        return fields, f"UPDATE {qn(meta.db_table)} SET {sets} WHERE {pk} = %s"
    sets = []
    cast = db.features.requires_casted_case_in_updates  # PostgreSQL; SQLite must not
    for f in fields:
        value = f"CAST(%s AS {f.cast_db_type(db)})" if cast else "%s"
        sets.append(f"{qn(f.column)} = CASE {pk} {' '.join([f'WHEN %s THEN {value}'] * n)} END")
    return fields, (f"UPDATE {qn(meta.db_table)} SET {', '.join(sets)}"
                    f" WHERE {pk} IN ({', '.join(['%s'] * n)})")


class Writes:
    """A move's writes, sent together: on PostgreSQL as one statement (data-modifying WITH
    clauses, one round trip and one plan instead of three), elsewhere one after another.

    The parts touch different rows, as they must: the parts of one PostgreSQL statement all
    see the database as it was before it, so none may depend on another's effect.
    """

    def __init__(self, combine: bool | None = None):
        self.parts = []  # (sql, params, the new object whose id it returns, or None)
        self.combine = connection.vendor == "postgresql" if combine is None else combine

    def insert(self, obj) -> None:
        self.parts.append((*_insert_sql(obj), obj))

    def insert_many(self, objs) -> None:
        """New rows whose ids nobody needs back (notices and their deliveries)."""
        objs = list(objs)
        if objs:
            self.parts.append((*_insert_many_sql(objs), None))

    def update(self, objs, names=None) -> None:
        objs = list(objs)
        if objs:
            self.parts.append((*_update_sql(objs, names), None))

    def send(self) -> None:
        if not self.parts:
            return
        if not self.combine or len(self.parts) == 1:
            for sql, params, new in self.parts:
                self._run(sql, params, [new] if new is not None else [])
        else:
            withs, params, new, ids = [], [], [], []
            for i, (sql, part_params, obj) in enumerate(self.parts):
                withs.append(f"w{i} AS ({sql})")
                params += part_params
                if obj is not None:
                    new.append(obj)
                    ids.append(f"(SELECT * FROM w{i})")
            self._run(f"WITH {', '.join(withs)} SELECT {', '.join(ids) or '1'}", params, new)
        self.parts = []

    @staticmethod
    def _run(sql, params, new) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if new:
                for obj, pk in zip(new, cursor.fetchone()):
                    obj.pk = pk
                    obj._state.adding, obj._state.db = False, connection.alias
