"""The API's blueprint: flask-smorest's, where a body the OpenAPI document marks required is
required in behaviour too.

flask-smorest's `required` only writes the document, and webargs reads an empty body as `{}`:
a route whose fields are all optional (a PATCH of a team) took no body at all where the
document said one is required. Here the two agree: an empty body is refused where the document
requires one, and a route that may go without one says `required=False` in its document.
"""

from functools import wraps

import flask_smorest
from flask import request

from .errors import abort

EMPTY_BODY = "nothing was sent: send the details this asks for, as JSON"


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, refusing an empty body where the document requires one."""

    def arguments(self, schema, *, location="json", required=True, **kwargs):
        """As flask-smorest's; for a required JSON body, an empty one is a 422 `MISSING_BODY`
        (after the schema's own refusals, so a missing field is still named)."""
        document = super().arguments(schema, location=location, required=required, **kwargs)
        if location != "json" or not required:
            return document

        def decorator(view):
            @wraps(view)
            def needs_body(*args, **kwargs):
                if not request.get_data(cache=True):
                    abort(422, EMPTY_BODY, rule_code="MISSING_BODY")
                return view(*args, **kwargs)

            return document(needs_body)

        return decorator


def etag_of(data):
    """The ETag header's value (quoted) that `@blp.etag` sends for `data`: for an answer that
    route sends itself (a stream's event, a DELETE's new state) or an If-Match checked by hand.
    flask-smorest keeps its hashing private; this is the one place that calls it."""
    return f'"{flask_smorest.Blueprint._generate_etag(data)}"'
