"""A small asyncio HTTP/1.1 client for the benchmarks: raw streams, keep-alive when the server
allows it, JSON bodies. Cheap enough that a Python load generator leaves the cores to the server."""

from __future__ import annotations

import asyncio
import json


class Connection:
    """One client connection; reconnects when the server closed it (sync workers do)."""

    def __init__(self, host: str, port: int, token: str | None = None):
        self.host, self.port = host, port
        self.auth = f"Authorization: Token {token}\r\n" if token else ""
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body=None) -> tuple[int, dict]:
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{self.auth}"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        ).encode()
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                self.writer.write(head + data)
                return await self._answer()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, dict]:
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        length = int(headers.get("content-length", 0))
        payload = await self.reader.readexactly(length) if length else b""
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, (json.loads(payload) if payload else {})

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None
