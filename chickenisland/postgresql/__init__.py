"""Django's PostgreSQL backend with a health check that skips connections known to be good
(`base.DatabaseWrapper`); settings.py names it as the engine of a PostgreSQL DATABASE_URL."""
