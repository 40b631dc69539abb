# The two commands of the README: `make run` and `make test`. Everything else is set-up.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test setup migrate demo worker beat rehearse bench bench-floor bench-serial bench-board bench-replay bench-scale bench-engine bench-bots bench-live messages catalogs clean

run: setup migrate demo
	$(PY) manage.py runserver 127.0.0.1:8000

test: setup
	$(PY) -m pytest $(PYTEST_ARGS)

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test]'
	touch $@

migrate: setup
	$(PY) manage.py migrate --noinput

demo: setup
	$(PY) manage.py create_demo

worker: setup
	$(VENV)/bin/celery -A chickenisland worker --loglevel=info

beat: setup
	$(VENV)/bin/celery -A chickenisland beat --loglevel=info

# Two web nodes behind nginx, two workers and beat on one PostgreSQL and one Redis of its own;
# kills a node and a worker under load and checks every move, bot turn and notice
# (docs/deployment.md). Needs nginx, redis-server and PostgreSQL's server binaries.
rehearse: setup
	$(PY) -m deploy.rehearse $(REHEARSE_ARGS)

bench: setup
	$(PY) bench/http_chickenrun.py

# The hot path against its floor (docs/performance.md): pgbench's durable move and the site at 50
# players under gunicorn and granian, on a PostgreSQL cluster of its own, in one run.
bench-floor: setup $(VENV)/.bench-installed
	nice -n 10 $(PY) bench/floor.py $(BENCH_ARGS)

$(VENV)/.bench-installed: pyproject.toml $(VENV)/.installed
	$(VENV)/bin/pip install --quiet -e '.[test,bench]'
	touch $@

bench-serial: setup
	$(PY) bench/http_chickenrun.py --serial --workers 1 --threads 1

bench-board: setup
	$(PY) bench/board_render.py

bench-replay: setup
	$(PY) bench/replay.py $(BENCH_ARGS)

bench-scale: setup
	$(PY) bench/scale.py

bench-engine: setup
	$(PY) bench/engine_wfci.py

# How strong each game's bots are (docs/bots.md): bot pairs and each bot against the generic
# search baseline, win rates with 95% intervals, think time per decision. BENCH_ARGS="--game wfci
# --games 200" and the like run more.
bench-bots: setup
	nice -n 10 $(PY) bench/bots.py $(BENCH_ARGS)

# The live tables at scale (docs/performance.md): 5,000 open streams against the stream process
# (uvicorn, two workers) with Redis and PostgreSQL of its own; fan-out latency, memory, CPU per
# open, a reconnect storm.
bench-live: setup
	nice -n 10 $(PY) bench/live.py $(BENCH_ARGS)

# Translations (docs/i18n.md): `make messages` gathers every string and engine message into
# locale/fr (needs GNU gettext's xgettext); translate the new entries, then `make catalogs`
# compiles them (pure Python).
messages: setup
	$(PY) manage.py engine_messages

catalogs: setup
	$(PY) manage.py compile_catalogs

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis staticfiles
