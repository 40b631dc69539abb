"""Live tables: what happens at a match, pushed to the pages and API clients that watch it.

`publish` announces a committed change (a move, a site action, a chat message) on the match's
channel and the players' own channels; `bus` carries it (Redis pub/sub when the site has
Redis, memory in one process otherwise); `presence` remembers who has a stream open;
`stream` turns a subscription into Server-Sent Events. Events carry versions, ids, seat
indexes and counts only: each reader asks for their own view when told something moved.
Sits below the write path and the chat (they publish) and the notices (they ask who is here).
"""
