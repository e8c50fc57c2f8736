"""The headers every response carries: a CSP without unsafe-inline, nosniff, no referrer, no
framing, and revalidation of API answers and share pages."""

from flask import request

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


def add_security_headers(response):
    """Every response: CSP without unsafe-inline, nosniff, no referrer, no framing; API
    answers and share pages are revalidated, never stored by shared caches."""
    response.headers.extend(SECURITY_HEADERS)  # no view sets these: extend skips update's scans
    if request.path.startswith(("/api/", "/s/")) and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-cache, private"
    response.headers.setdefault("Content-Security-Policy", CSP)
    if response.status_code in (204, 304):  # no body, so no type (flask-smorest sets one)
        response.headers.pop("Content-Type", None)
    return response
