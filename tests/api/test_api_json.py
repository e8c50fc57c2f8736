"""The JSON writer (api/core/json_provider.py): orjson, with the standard library's meaning."""

import json

import pytest
from helpers.apitest import Table

from api.core.json_provider import OrjsonProvider


@pytest.fixture
def provider(app):
    return app.json


def test_the_app_writes_json_with_orjson(provider):
    assert isinstance(provider, OrjsonProvider)


@pytest.mark.parametrize(
    "value",
    [
        {"b": 1, "a": [1, 2.5, None, True, "é<&>"]},
        {"nested": {"z": {}, "y": []}},
        {0: ["a list error"], 3: {"name": ["bad"]}},  # marshmallow's errors key list items by index
        {"big": 2**70, "neg": -(2**65)},  # past 64 bits: the standard library writes it
        [],
        "text",
    ],
)
def test_dumps_means_what_the_standard_library_means(provider, value):
    text = provider.dumps(value)
    assert json.loads(text) == json.loads(json.dumps(value))
    keys = list(json.loads(text)) if isinstance(value, dict) else []
    assert keys == sorted(keys)  # sorted like Flask's default (ETags depend on it)


def test_indented_output_and_unknown_types_fall_back(provider):
    assert provider.dumps({"a": 1}, indent=2) == '{\n  "a": 1\n}'
    with pytest.raises(TypeError):
        provider.dumps({"a": object()})


def test_an_api_answer_comes_from_orjson(client):
    """orjson writes UTF-8 where the standard library would write \\u escapes."""
    teams = [{"name": "Dédé", "players": []}, {"name": "Them", "players": []}]
    table = Table(client, teams=teams)
    raw = client.get(table.url, headers=table.auth).body
    assert "Dédé".encode() in raw and json.loads(raw)["teams"][0]["name"] == "Dédé"
