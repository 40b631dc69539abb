-- A durable move with nothing but PostgreSQL (bench/floor.py): lock the client's own match row,
-- update it, insert the turn, commit. pgbench's :client_id starts at 0.
\set m :client_id + 1
BEGIN;
SELECT version + 1 AS v FROM floor_match WHERE id = :m FOR UPDATE \gset
UPDATE floor_match SET version = :v, updated_at = now() WHERE id = :m;
INSERT INTO floor_turn (match_id, version, action, created_at) VALUES (:m, :v, '{"type": "step"}', now());
END;
