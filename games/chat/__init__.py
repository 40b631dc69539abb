"""Talk at the table: a match's chat (docs/chat.md).

- access: who reads and writes which channel of a match (players; people watching)
- phrases: the ready phrases, shown in each reader's language
- store: writing a message (checks, length, rate limit) and the notices it causes
- inbox: what a person may read, unread counts, marking read
- moderation: muting a player everywhere, reporting a message

Below the pages and the API; above the models and the notifications' outbox. Nothing here
imports the write path: talking changes no match.
"""
