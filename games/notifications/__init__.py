"""Notifications that are never lost, that players control.

- events: who hears about what, under which idempotency key, and what a notice says
- preferences: per kind and channel, digest, quiet hours, defaults
- outbox: the rows written with the event, the sweep, the backlog the health check reads
- delivery: one row delivered once (the rules decided at sending time); the daily digest
- mail, push, site: the channels
- reminders: reminders before a clock runs out, and missed "your turn" notices
- tasks: the Celery tasks (one per delivery, retried with back-off)

The write path (games.play.services) and everything below the lobby record notices through
`outbox`; nothing here imports the write path, the lobby or the pages.
"""
