"""The API description of the OpenAPI document: its text, security schemes and shared schemas."""

from .schemas.games import BidObject

API_DESCRIPTION = """\
The REST API of Tally 42, the scorepad for Texas 42. JSON in and out; bid, hand and result
encodings are the ones of `rules/` (see docs/rules.md).

**Access.** No accounts and no cookies. The *edit token* (made when the game is created,
256 random bits; the server keeps only its SHA-256) goes in `Authorization: Bearer
<token>` on every write and on the full read `GET /api/games/{id}`. The *share token* only
reads, through its path: `GET /api/share/{token}` and the page `/s/{token}`.

* **401**: no `Authorization: Bearer` header, a malformed one, or a token this server does
  not know.
* **403**: a token the server knows that does not grant this: another game's edit token, or
  any share token used on an edit route.
* **404**: no such game, hand or share link (asked with a known token).

**Errors** all have one shape: `{"code", "status", "message", "errors", "rule_code"}`. The
`message` is for people (it names the value, without field paths); `errors` keeps the field
paths; `rule_code` is stable, for programs: the rules engine's codes (e.g.
`BID_OUT_OF_RANGE`, also used by the schema for the same mistake) or the API's own:
`BAD_JSON` (400: not JSON, nested past 32 levels, an integer past 4,300 digits),
`NOT_A_NUMBER` and `BAD_TEXT` (422: NaN/Infinity, a lone surrogate), `NOT_JSON` (415),
`BODY_TOO_LARGE` (413), `MISSING_BODY` (no body where the document requires one),
`MISSING_FIELD`, `UNKNOWN_FIELD`, `BAD_INPUT`, `WEAK_TOKEN` (422),
`NEEDS_TOKEN`, `BAD_TOKEN`, `UNKNOWN_TOKEN` (401), `WRONG_TOKEN` (403), `NOT_FOUND`,
`METHOD_NOT_ALLOWED`, `CONFLICT`, `STILL_PROCESSING` (409: retry shortly), `GAME_EXISTS`,
`TOKEN_IN_USE`, `GAME_CHANGED` (412),
`NEEDS_IF_MATCH` (428), `TOO_MANY_WRITES`, `TOO_MANY_CHANGES` and `TOO_MANY_TRIES` (429:
writes; an import creating more games, matches and crews than the client's writes left;
failed token lookups), `SERVER_BUSY` (503), and for the live streams `TOO_MANY_STREAMS` (429),
`LIVE_ELSEWHERE` (421, with `Tally-Live-URL`) and `LIVE_UNAVAILABLE` (503). A 422 from the rules
engine adds, when replaying the log, `hand_no`. A 409 on `POST .../hands` for a `hand_no`
already recorded with other content carries that hand as `stored_hand`.

**Writes** are rate-limited per game and per client, and so are failed token lookups per
client (an unknown edit token, a share link that does not exist): past the limit every
request carrying a token is 429 for the rest of the window (429 with `Retry-After`). Bodies
are JSON (415 otherwise); over 16 KiB, with or without Content-Length, they get 413.
`POST .../hands` needs an `Idempotency-Key` (400 without): the same key and
body returns the stored response; the same key with another body is 422; a replay while the
first is still being processed is 409 `STILL_PROCESSING` (with `Retry-After`: send the
same request again shortly; it is not a clash with another phone). A game keeps at most 500
hands (hand 501 is 422 `GAME_TOO_LONG`). Editing (`PUT`) or undoing (`DELETE`) a hand needs
`If-Match` with the game's ETag (428 without, 412 when stale).

**An edit that ends the game sooner** (a side now reaches the target before the last hand) is
422 `GAME_OVER` with the later hands' numbers in `no_longer_fit`; with `?later=set_aside` it
is saved and those hands are taken off the log, in one transaction, and kept on the game as
`set_aside`. `POST /api/games/{id}/set-aside/restore` undoes that edit; any other change to
the log clears `set_aside`.

**Matches** (`/api/matches`): games between the same two teams until one has `first_to`
wins. The match's edit token (256 random bits, kept as its SHA-256) reads the match, starts
its next game, and reaches its games' routes (hands, full read, share link) and nothing
else. The score is derived from the games' hand logs when read. Refusals: 409
`GAME_NOT_OVER`, `MATCH_DECIDED`, `NOT_NEXT_GAME`, `GAME_IN_MATCH` (deleting a game of a
match); 422 `MATCH_NEEDS_TWO_TEAMS`.

**Export and import** (docs/export.md): `GET /api/games/{id}/export?format=json|csv` (edit
token) gives the game as a file: JSON, complete and re-importable, or CSV, one row per hand.
`POST /api/import` (no token) restores an export: every hand scored by the rules first, all
or nothing; each game `created` (with a new edit token), `unchanged` or `conflict` (never
overwritten).

**Tournaments** (`/api/events`, docs/tournaments.md): the director token (256 random bits,
kept as its SHA-256) runs an event and reaches its matches and their games; a table token
reaches its match's games only; `GET /api/e/{public_token}` reads the event (ETag, 304).
The bracket is derived from the games' hand logs and the director's records on every read.
Refusals: 409 `EVENT_STARTED`, `NOT_CHECKED_IN`, `TEAM_NAME_TAKEN`, `SHORT_NAME_TAKEN`,
`EVENT_FULL` (a team
entered past the 256 an event can start), `TEAM_CHECKED_IN`,
`TEAM_DROPPED`, `CHECK_IN_OPEN`, `MATCH_ALREADY_PLAYED`, `MATCH_NOT_READY`, `NOT_LATE_YET`,
`MATCH_NOT_PLAYED`, `RESULT_LOCKED` (with `locked`), `NOT_CALLED`, `EVENT_NOT_STARTED`,
`MATCH_SETTLED` (a hand or a new game in a match the director settled),
`LATER_MATCH_STARTED` (with `locked`: an undo or edit that would reopen a decided match, or
change its winner, once a later match that depends on it has a hand played); 422
`NOT_IN_MATCH`, `BAD_FORMAT`.

**Crews** (`/api/crews`, docs/crews.md): a group that plays together, without accounts. The
crew token (256 random bits, kept as its SHA-256; `crewToken` below) reads and writes its
crew and nothing else; a game's edit or share token there is 403, and a crew token on a game
is 403. A game joins a crew with the crew token and the game's own edit token. Statistics
(`GET /api/crews/{id}/stats`) are derived from the games' current hand logs. Refusals: 409
`NAME_TAKEN` (with the `player` who has the name), `PLAYER_ID_TAKEN`, `GAME_IN_OTHER_CREW`,
`NOT_IN_CREW`; 422 `BAD_NAME`, `SEATS_COUNT`, `PLAYER_TWICE`, `NOT_ON_ROSTER`, `BAD_DATES`.

Outside this document: `/s/{token}`, the share page (HTML, works without JavaScript), and the
PWA at `/`.

**Live.** `GET /api/share/{token}/events` and `GET /api/games/{id}/events` (edit token in
`Authorization`: read it with `fetch()`, so the token never goes into a URL) stream a game's
changes as Server-Sent Events: the whole game and its ETag after every change. They are
served by the live process; the API answers them with a 307 (share) or a 421 naming the live
process (editor), and `GET /api/live/health` reports a process's part.

This document is at `/api/openapi.json`, browsable at `/api/docs`.
"""

# The kinds of bearer token, as the document names them (routes declare which they need).
SECURITY_SCHEMES = {
    "editToken": (
        "the game's edit token: 22 to 128 url-safe base64 characters (`[A-Za-z0-9_-]`, "
        "at least 128 random bits); a malformed or unknown one is 401, another game's "
        "403"
    ),
    "directorToken": "an event's director token: the whole event, its matches and their games",
    "tableToken": (
        "a called match's table token (its match's edit token): that match's games and nothing else"
    ),
    "tableLink": (
        "a table's link for the whole event (256 random bits, from the start's "
        "`new_table_links` or POST /api/events/{id}/tables/{table}/link): the match called "
        "to that table last and its games, the table's read, sign-off and call, nothing else"
    ),
    "crewToken": (
        "the crew's token (256 random bits, from POST /api/crews or the join link); a "
        "game's edit or share token, or another crew's, is 403 (docs/crews.md)"
    ),
    "partyDirector": "a progressive party's director token: the party, its players and rounds",
    "partyPublic": "a progressive party's public token: reads the party, changes nothing",
    "partyTable": (
        "a party table's link (256 random bits, from the start's `table_links`): the table's "
        "read and its game of the current round, nothing else"
    ),
}


def describe(api):
    """Put the description's security schemes and shared schemas on `api`'s spec."""
    for name, what in SECURITY_SCHEMES.items():
        api.spec.components.security_scheme(
            name, {"type": "http", "scheme": "bearer", "description": what}
        )
    api.spec.components.schema("BidObject", schema=BidObject)
    api.ma_plugin.converter.add_attribute_function(no_default_in_a_change)


def no_default_in_a_change(_converter, field, ret, **_kwargs):
    """No `default` on a field of a schema loaded with `partial=True` (a change, PATCH): a
    field it leaves out is left as it is, not set to the default of the same schema's
    creation. An apispec attribute function (bound to its converter)."""
    if getattr(field.parent, "partial", None) is True:
        ret.pop("default", None)
    return {}
