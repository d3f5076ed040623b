"""Nothing a client sends crashes the server or changes another request's answer; the time
limit; clean shutdown on SIGTERM and Ctrl-C with one and two workers."""

from __future__ import annotations

import copy
import json
import random
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

import omaha_eval as oe
from service_helpers import Server, detail

VALID = {
    "/v1/evaluate": {"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "hilo"},
    "/v1/equity": {"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d3c", "trials": 2000, "seed": 1},
    "/v1/showdown": {"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d3c4h5s"},
    "/v1/hands": {"config": {"structure": "pot", "small_blind": 1, "big_blind": 2},
                  "stacks": [100, 100], "seed": 4, "actions": [{"action": "call"}]},
    "/v1/phh/export": {"config": {"structure": "fixed", "small_bet": 2}, "stacks": [50, 50, 50],
                       "seed": 2, "actions": []},
    "/v1/phh/replay": {"text": "variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                               "min_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n"},
}
ODD_VALUES = [None, -1, 0, 2**70, -2**70, 1.5, float("1e308"), True, "", "Zz", "AsAsAsAs",
              "A" * 3000, [], [None], [1] * 60, [52, 53, 54, 55], {}, {"a": {"b": [1]}},
              ["AA**"] * 40, "random, " * 300, "\u0000\ud7ff\ufffd", [[[[[]]]]]]


def mutate(body: dict, rng: random.Random) -> object:
    body = json.loads(json.dumps(body))
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        target = body
        keys = list(target)
        if keys and r < 0.15:
            del target[rng.choice(keys)]
        elif r < 0.25:
            target["unexpected_" + str(rng.randint(0, 9))] = odd(rng)
        elif keys:
            key = rng.choice(keys)
            if isinstance(target[key], dict) and rng.random() < 0.5:
                inner = target[key]
                if inner:
                    inner[rng.choice(list(inner))] = odd(rng)
            elif isinstance(target[key], list) and target[key] and rng.random() < 0.5:
                target[key][rng.randrange(len(target[key]))] = odd(rng)
            else:
                target[key] = odd(rng)
    return body if rng.random() < 0.95 else odd(rng)


def odd(rng: random.Random) -> object:
    return copy.deepcopy(rng.choice(ODD_VALUES))


def raw_variants(rng: random.Random) -> bytes:
    text = json.dumps(rng.choice(list(VALID.values())))
    return rng.choice([text[: rng.randrange(len(text))].encode(), text.encode() + b"}",
                       bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))),
                       b"[" * 5000 + b"]" * 5000, b'{"hole": ' + b"9" * 6000 + b"}",
                       b'{"hole": "As", "hole": 7}', text.encode("utf-16")])


def answers_alone(client: httpx.Client) -> dict:
    return {path: client.post(path, json=body).json() for path, body in VALID.items()}


def test_a_burst_of_bad_requests_crashes_nothing_and_changes_no_answer(client, server):
    want = answers_alone(client)
    assert want["/v1/evaluate"] == oe.evaluate.describe_hand("As2sQhJh", "3s4s8h2c9d", game="hilo")
    rng = random.Random(15)
    jobs = []
    for i in range(600):
        path = rng.choice(list(VALID))
        if i % 5 == 0:
            jobs.append(("raw", path, raw_variants(rng)))
        elif i % 7 == 0:
            jobs.append(("good", path, VALID[path]))
        else:
            jobs.append(("json", path, mutate(VALID[path], rng)))

    def send(job):
        kind, path, payload = job
        if kind == "raw":
            r = client.post(path, content=payload, headers={"content-type": "application/json"})
        else:
            r = client.post(path, json=payload)
        return kind, path, payload, r.status_code, r.json()

    with ThreadPoolExecutor(12) as pool:
        results = list(pool.map(send, jobs))
    statuses = {}
    for kind, path, payload, status, data in results:
        statuses[status] = statuses.get(status, 0) + 1
        assert status in (200, 400, 409, 413, 422), (path, payload, status, data)
        if status != 200:
            assert set(data) == {"detail"} and data["detail"][0]["msg"], data
        if kind == "good":
            assert data == want[path], path
    assert statuses.get(400, 0) > 20 and statuses.get(422, 0) > 100
    assert answers_alone(client) == want
    assert server.proc.poll() is None


def test_garbage_on_the_socket_and_dropped_connections(client, server):
    rng = random.Random(3)
    for k in range(12):
        with socket.create_connection(("127.0.0.1", server.port), timeout=0.3) as s:
            if k % 3 == 0:
                s.sendall(bytes(rng.randrange(256) for _ in range(rng.randint(1, 4000))))
            elif k % 3 == 1:  # a request cut off in the middle of its body
                s.sendall(b"POST /v1/equity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 1000\r\n\r\n{\"hands\": [")
            else:  # headers that never end
                s.sendall(b"POST /v1/evaluate HTTP/1.1\r\n" + b"X-A: b\r\n" * 200)
            try:
                s.recv(1000)
            except OSError:
                pass
    assert client.get("/healthz").status_code == 200
    assert client.post("/v1/evaluate", json=VALID["/v1/evaluate"]).status_code == 200


def test_time_limit_and_clean_shutdown_with_two_workers():
    # 2 M trials (the default cap) now take only ~0.3 s, so close to the limit that a quiet core
    # sometimes finished them in time: 10 M (~1.5 s of one core, six times the limit) stop surely
    srv = Server("--workers", "2", "--time-limit", "0.25", "--max-trials", "10000000")
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            slow = {"hands": ["AsKsQhJh", "2c2d7h8h", "Td9d8c7c", "3h4h5d6d", "AcKcQdJd"],
                    "trials": 10_000_000, "seed": 1}
            t0 = time.monotonic()
            r = c.post("/v1/equity", json=slow)
            assert r.status_code == 503, r.text
            assert "time limit of 0.25 s" in detail(r)["msg"] and r.headers["retry-after"] == "1"
            assert time.monotonic() - t0 < 5  # the work stopped at its next check
            # the server is free again and its answers are intact
            assert c.post("/v1/evaluate", json=VALID["/v1/evaluate"]).status_code == 200
            assert c.get("/v1/limits").json()["time_limit"] == 0.25
    finally:
        code = srv.stop(signal.SIGTERM)
    assert code == 0, "".join(srv.lines)


def test_the_omaha_eval_serve_command_and_ctrl_c(server):
    srv = Server(command=("-m", "omaha_eval.cli", "serve"))
    try:
        assert httpx.get(srv.url + "/healthz").json()["status"] == "ok"
    finally:
        assert srv.stop(signal.SIGINT) == 0, "".join(srv.lines)
    taken = subprocess.run([sys.executable, "-m", "omaha_eval.cli", "serve", "--port", str(server.port)],
                           capture_output=True, text=True, timeout=60)
    assert taken.returncode == 1 and "cannot listen" in taken.stderr
