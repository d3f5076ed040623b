"""The protocol sends each answer's head and body in one write (service/protocol.py)."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any, List

from omaha_eval.evaluate import describe_hand
from omaha_eval.service.protocol import GatheringTransport


class Recording:
    def __init__(self) -> None:
        self.writes: List[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else default


def test_writes_are_held_until_flush_or_the_end_of_the_loop_step() -> None:
    async def scenario() -> None:
        inner = Recording()
        t = GatheringTransport(inner, asyncio.get_running_loop())  # type: ignore[arg-type]
        t.write(b"head")
        t.write(b"body")
        assert inner.writes == []
        t.flush()
        assert inner.writes == [b"headbody"]
        t.write(b"chunk")  # a streamed answer: sent by the loop right after this step
        await asyncio.sleep(0)
        assert inner.writes == [b"headbody", b"chunk"]
        t.write(b"last")
        t.close()  # what was written goes out before the close
        assert inner.writes[-1] == b"last" and inner.closed
        t.write(b"dropped")
        t.abort()
        await asyncio.sleep(0)
        assert inner.writes[-1] == b"last" and inner.aborted
        assert t.get_extra_info("peername") == ("127.0.0.1", 1)  # the rest is the transport's

    asyncio.run(scenario())


def test_an_answer_arrives_in_one_segment(server: Any) -> None:
    deal = {"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "hilo"}
    body = json.dumps(deal).encode()
    request = (b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        for _ in range(20):  # two writes would often show up as two reads: the head alone first
            s.sendall(request)
            first = s.recv(65536)
            head, _, answer = first.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200")
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            assert len(answer) == length, first
            assert json.loads(answer) == describe_hand(deal["hole"], deal["board"], game="hilo")
