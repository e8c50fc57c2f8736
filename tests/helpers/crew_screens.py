"""A crew started on the phone, and the API read back."""

import json
from urllib.request import Request, urlopen


def api_get(base_url, path, token):
    """GET an API route with a bearer token; returns the JSON body."""
    request = Request(base_url + path, headers={"Authorization": f"Bearer {token}"})
    with urlopen(request) as response:
        return json.load(response)


def start_crew(base_url, name):
    """A crew made through the API; returns its join link's (id, token, link)."""
    request = Request(
        base_url + "/api/crews",
        data=json.dumps({"name": name}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urlopen(request) as response:
        body = json.load(response)
    return body["id"], body["token"], body["join_url"]
