"""Links the API hands out (share pages, joins), built on PUBLIC_URL or the request's host."""

from flask import current_app, request


def public_url(path):
    """The absolute URL of `path` (PUBLIC_URL if set, else the URL the request came in on)."""
    base = current_app.config["PUBLIC_URL"] or request.host_url
    return f"{base.rstrip('/')}/{path}"


def share_url(token):
    """The absolute URL of a share page, or None when sharing is revoked."""
    return None if token is None else public_url(f"s/{token}")
