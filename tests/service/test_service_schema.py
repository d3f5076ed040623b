"""The answers the server sends validate against the models its OpenAPI schema publishes."""

from __future__ import annotations

import pytest

from omaha_eval.service import answers
from test_service_robustness import VALID


@pytest.mark.parametrize("path, model", [
    ("/v1/evaluate", answers.Evaluation), ("/v1/equity", answers.Equity),
    ("/v1/showdown", answers.Showdown), ("/v1/hands", answers.HandState),
    ("/v1/phh/export", answers.PHHText), ("/v1/phh/replay", answers.Replay),
])
def test_answers_match_the_published_models(client, path, model):
    r = client.post(path, json=VALID[path])
    assert r.status_code == 200
    model.model_validate(r.json())
    schema = client.get("/openapi.json").json()
    responses = schema["paths"][path]["post"]["responses"]
    assert {"200", "400", "413", "422", "503"} <= set(responses)


def test_batches_errors_and_finished_hands_match_too(client):
    answers.Evaluations.model_validate(client.post("/v1/evaluate", json={
        "deals": [{"hole": "As2sQhJh", "board": "3s4s8h2c9d"}] * 3, "game": "hilo"}).json())
    answers.Showdowns.model_validate(client.post("/v1/showdown", json={
        "deals": [{"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d3c4h5s"}]}).json())
    answers.Equity.model_validate(client.post("/v1/equity", json={
        "hands": ["AA**", "KK**"], "trials": 1000, "seed": 1, "game": "hilo"}).json())
    over = client.post("/v1/hands", json={**VALID["/v1/hands"], "actions": [{"action": "fold"}]}).json()
    assert answers.HandState.model_validate(over).result is not None
    for bad in ({"hole": "Zz"}, {"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "x"}):
        answers.ErrorBody.model_validate(client.post("/v1/evaluate", json=bad).json())
