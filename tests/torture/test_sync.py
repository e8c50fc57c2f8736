"""Sync torture: a Hypothesis state machine drives phones' outboxes against the real app.

The phone is modelled as pwa/js/sync.js keeps it: every hand is saved locally with an `add`
op (hand_no + a fresh Idempotency-Key) in an ordered outbox; ops are sent head first and
dequeued only on a 2xx; a 409/412/422 parks the op as a conflict that blocks the game until
the user keeps theirs (the server's log plus the local hands beyond it) or keeps mine (a PUT
with If-Match). Random sequences of offline entry, responses lost after the commit, replays
(up to 5 per op), a second device, phone restarts and server restarts (a new create_app on
the same SQLite file) run against the real WSGI app.

Invariants: at every step the server's log numbers its hands 1..n with no gap or double,
holds every acknowledged hand, and its totals equal a fresh re-score of its log by rules/.
At the end, once every phone is online and drained, the server's hands are exactly the
acknowledged ones. 100 sequences by default, 1,000 with --long.
"""

import json
import secrets
import shutil
import tempfile
import uuid
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rules
from api import create_app

MAX_REPLAYS = 5
SEEN = Counter()  # what the sequences exercised, checked after the run
RULESET = rules.get_ruleset("straight-42")

hands = st.builds(
    lambda bidder, bid, captured: {"bidder": bidder, "bid": bid, "result": {"captured": captured}},
    st.integers(0, 3),
    st.sampled_from([30, 31, 32, 34, 36, 41, 42, 84]),
    st.integers(0, 42),
)
fates = st.sampled_from(["answered", "answered", "response_lost", "not_sent"])


class Server:
    """The real app on a SQLite file; `restart` builds a new app on the same file."""

    def __init__(self, db_path):
        self.db_path = db_path
        self.restart()

    def restart(self):
        """Drop the running app and build a fresh one (a server restart)."""
        self.app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": f"sqlite:///{self.db_path}",
                "RATELIMIT_ENABLED": False,
            }
        )
        self.client = self.app.test_client()

    def call(self, method, path, token=None, body=None, headers=None):
        """One request; returns (status, JSON body or None, ETag or None)."""
        hdrs = dict(headers or {})
        if token:
            hdrs["Authorization"] = f"Bearer {token}"
        resp = self.client.open(path, method=method, json=body, headers=hdrs)
        return resp.status_code, resp.get_json(silent=True), resp.headers.get("ETag")


class Phone:
    """One device's IndexedDB: the local hand log, the outbox and a parked conflict."""

    def __init__(self, name, game_id, token):
        self.name, self.game_id, self.token = name, game_id, token
        self.hands = []  # [{"hand_no", "body", "sync"}] (sync: local / synced / conflict)
        self.outbox = []  # [{"kind": "add"|"put", "hand_no", "body", "key", "sends"}]
        self.conflict = None
        self.etag = None
        self.online = True

    def bodies(self):
        """The local log as rules/ inputs."""
        return [h["body"] for h in self.hands]

    def __repr__(self):
        return f"Phone({self.name!r})"


def hand_input(server_hand):
    """The input part of a server hand ({"hand_no", "hand", "result"})."""
    return server_hand["hand"]


class OutboxMachine(RuleBasedStateMachine):
    """Two phones (the second joins later), one server, random failures."""

    @initialize()
    def start(self):
        """A fresh SQLite file, the app, and phone A's game (created online)."""
        self.dir = tempfile.mkdtemp(prefix="tally42-sync-")
        self.server = Server(f"{self.dir}/tally42.sqlite3")
        self.game_id, token = str(uuid.uuid4()), secrets.token_urlsafe(32)
        status, body, _ = self.server.call(
            "POST",
            "/api/games",
            body={
                "id": self.game_id,
                "ruleset": "straight-42",
                "first_dealer": 0,
                "edit_token": token,
            },
        )
        assert status == 201, body
        self.phones = [Phone("A", self.game_id, token)]
        # What the server committed, in order: hand_no -> (commit seq, body); and the commit
        # each Idempotency-Key made. An answer acknowledges a commit; a replayed key is
        # answered with the stored response of its first commit, which a later PUT from the
        # other phone may have superseded, so the acknowledged content of a hand is that of
        # the latest acknowledged commit, not of the latest answer.
        self.seq = 0
        self.commits = {}
        self.key_commit = {}
        self.acked = {}  # hand_no -> body of the latest acknowledged commit
        self.acked_seq = {}  # hand_no -> its commit seq
        self.path = f"/api/games/{self.game_id}"

    def teardown(self):
        """Drain every phone, then the server's hands are exactly the acknowledged ones."""
        if not hasattr(self, "server"):
            return
        try:
            for attempt in range(40):
                busy = False
                for phone in self.phones:
                    phone.online = True
                    if phone.conflict:  # first keep mine (a PUT), then take theirs
                        self._resolve(phone, "mine" if attempt == 0 else "theirs")
                    busy |= self._drain(phone)
                if not busy:
                    break
            assert not any(p.outbox or p.conflict for p in self.phones), "outbox never drained"
            server = self._server_hands()
            assert {h["hand_no"]: hand_input(h) for h in server} == self.acked
            for phone in self.phones:
                self._pull(phone)
                assert phone.bodies() == [hand_input(h) for h in server], phone
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    # ---- the server's view ----

    def _game(self):
        token = self.phones[0].token
        status, body, etag = self.server.call("GET", self.path, token)
        assert status == 200, body
        return body, etag

    def _server_hands(self):
        return self._game()[0]["hands"]

    # ---- the phone's protocol (pwa/js/sync.js) ----

    def _send(self, phone, fate):
        """Send the head op of `phone` once; returns True if an op was dequeued or parked."""
        if not phone.outbox or phone.conflict or not phone.online or fate == "not_sent":
            return False
        op = phone.outbox[0]
        op["sends"] += 1
        if op["sends"] > MAX_REPLAYS:
            fate = "answered"  # replays are bounded: the sixth send gets its answer
        if op["kind"] == "add":
            status, body, etag = self.server.call(
                "POST",
                f"{self.path}/hands",
                phone.token,
                body={"hand_no": op["hand_no"], **op["body"]},
                headers={"Idempotency-Key": op["key"]},
            )
        else:
            headers = {"If-Match": phone.etag} if phone.etag else {}
            status, body, etag = self.server.call(
                "PUT",
                f"{self.path}/hands/{op['hand_no']}",
                phone.token,
                body=op["body"],
                headers=headers,
            )
        assert status < 500, body
        commit = self._commit_of(op, status, body) if 200 <= status < 300 else None
        SEEN[f"{op['kind']} {status}" + (" lost" if fate == "response_lost" else "")] += 1
        if op["sends"] > 1:
            SEEN["replay"] += 1
        if fate == "response_lost":
            return False  # committed (or not) on the server; the phone saw a network error
        if 200 <= status < 300:
            assert body["hand"] == op["body"], body
            self._ack(op["hand_no"], commit)
            phone.etag = etag
            phone.outbox.pop(0)
            self._mark_synced(phone, op["hand_no"])
            return True
        if status == 428:  # no If-Match: fetch the ETag and try again later
            phone.etag = self._game()[1]
            return False
        assert status in (409, 412, 422), (status, body)
        self._park(phone, op, status)
        return True

    def _commit_of(self, op, status, body):
        """The (seq, body) commit that a 2xx answer to `op` stands for (maybe a new one)."""
        hand_no = op["hand_no"]
        if op["kind"] == "add" and op["key"] in self.key_commit:
            return self.key_commit[op["key"]]  # a replay: the stored response of its commit
        current = self.commits.get(hand_no)
        if op["kind"] == "add" and current is not None and current[1] == op["body"]:
            commit = current  # the same content under another key: nothing new is written
        else:
            self.seq += 1
            commit = self.commits[hand_no] = (self.seq, op["body"])
        if op["kind"] == "add":
            self.key_commit[op["key"]] = commit
        return commit

    def _ack(self, hand_no, commit):
        """A phone got the answer for `commit`: the latest acknowledged commit wins."""
        if commit[0] >= self.acked_seq.get(hand_no, 0):
            self.acked_seq[hand_no], self.acked[hand_no] = commit

    def _mark_synced(self, phone, hand_no):
        for hand in phone.hands:
            if hand["hand_no"] == hand_no and not any(
                o["hand_no"] == hand_no for o in phone.outbox
            ):
                hand["sync"] = "synced"

    def _park(self, phone, op, status):
        """sync.js conflict()/fail(): fetch the server's game, dequeue the op, block the game.

        When the server already holds exactly this content (a PUT whose answer was lost,
        replayed with a now stale ETag), the phone has nothing to ask: it counts as done.
        """
        game, etag = self._game()
        server = {h["hand_no"]: hand_input(h) for h in game["hands"]}
        phone.outbox.pop(0)
        if status in (409, 412) and server.get(op["hand_no"]) == op["body"]:
            self._ack(op["hand_no"], self.commits[op["hand_no"]])
            phone.etag = etag
            self._mark_synced(phone, op["hand_no"])
            return
        SEEN["conflict"] += 1
        phone.conflict = {
            "status": status,
            "op": op,
            "server_hands": game["hands"],
            "server_etag": etag,
        }
        for hand in phone.hands:
            if hand["hand_no"] == op["hand_no"]:
                hand["sync"] = "conflict"

    def _drain(self, phone):
        """Send until the outbox is empty or blocked; True if anything moved."""
        moved = False
        while self._send(phone, "answered"):
            moved = True
        return moved

    def _resolve(self, phone, choice):
        """keepMine (PUT over the server's hand, If-Match) or keepTheirs (adopt the server)."""
        c, phone.conflict = phone.conflict, None
        phone.etag = c["server_etag"]
        op = c["op"]
        if choice == "mine" and c["status"] in (409, 412) and op["body"] is not None:
            if op["hand_no"] <= len(c["server_hands"]):
                phone.outbox.insert(
                    0,
                    {
                        "kind": "put",
                        "hand_no": op["hand_no"],
                        "body": op["body"],
                        "key": None,
                        "sends": 0,
                    },
                )
            else:  # the hand is not on the server at all: send it again as an add
                phone.outbox.insert(0, {**op, "key": str(uuid.uuid4()), "sends": 0})
            return
        server = [
            {"hand_no": h["hand_no"], "body": hand_input(h), "sync": "synced"}
            for h in c["server_hands"]
        ]
        pending = [h for h in phone.hands if h["sync"] == "local" and h["hand_no"] > len(server)]
        phone.hands = server + pending  # later queued ops stay queued, as in sync.js

    def _pull(self, phone):
        """sync.js pull(): a quiet phone adopts the server's log (other phones' hands)."""
        if phone.outbox or phone.conflict or not phone.online:
            return
        game, etag = self._game()
        phone.hands = [
            {"hand_no": h["hand_no"], "body": hand_input(h), "sync": "synced"}
            for h in game["hands"]
        ]
        phone.etag = etag

    # ---- rules ----

    phone_index = st.integers(0, 1)

    @rule(i=phone_index, hand=hands, fate=fates)
    def enter_hand(self, i, hand, fate):
        """The table enters a hand on a phone (offline or online); the phone tries to send."""
        phone = self.phones[i % len(self.phones)]
        try:
            if rules.replay(RULESET, phone.bodies(), 0).game_over:
                return  # the game is over on this phone: no more hands
            rules.replay(RULESET, phone.bodies() + [hand], 0)
        except rules.RulesError:
            return  # rules.js refuses it on the phone: nothing is queued
        hand_no = len(phone.hands) + 1
        phone.hands.append({"hand_no": hand_no, "body": hand, "sync": "local"})
        phone.outbox.append(
            {"kind": "add", "hand_no": hand_no, "body": hand, "key": str(uuid.uuid4()), "sends": 0}
        )
        self._send(phone, fate)

    def _queued(self):
        return any(p.outbox and not p.conflict for p in self.phones)

    def _conflicted(self):
        return any(p.conflict for p in self.phones)

    @precondition(_queued)
    @rule(i=phone_index, fate=fates)
    def send(self, i, fate):
        """The outbox timer fires: the head op goes out (answered, answer lost, or no net)."""
        self._send(self.phones[i % len(self.phones)], fate)

    @rule(i=phone_index, online=st.booleans())
    def network(self, i, online):
        """The phone loses or regains the network; regaining it drains the outbox."""
        phone = self.phones[i % len(self.phones)]
        phone.online = online
        if online:
            self._drain(phone)

    @precondition(_queued)
    @rule(i=phone_index, lost=st.booleans())
    def restart_phone(self, i, lost):
        """The app is killed (maybe with a request in flight) and replays its outbox on start."""
        phone = self.phones[i % len(self.phones)]
        if lost:
            self._send(phone, "response_lost")
        self._drain(phone)

    @precondition(lambda self: self.acked or self._queued())
    @rule()
    def restart_server(self):
        """The server restarts: a new app on the same SQLite file."""
        self.server.restart()
        SEEN["server restart"] += 1

    @precondition(lambda self: len(self.phones) == 1)
    @rule()
    def second_device_joins(self):
        """Another phone opens the edit link: same token, the server's log as its start."""
        phone = Phone("B", self.game_id, self.phones[0].token)
        SEEN["second device"] += 1
        self._pull(phone)
        self.phones.append(phone)

    @precondition(lambda self: len(self.phones) > 1)
    @rule(i=phone_index)
    def pull(self, i):
        """A quiet phone pulls the server's copy of the game."""
        self._pull(self.phones[i % len(self.phones)])

    @precondition(_conflicted)
    @rule(i=phone_index, choice=st.sampled_from(["mine", "theirs"]))
    def resolve_conflict(self, i, choice):
        """The user resolves a parked conflict, then the outbox drains."""
        phone = self.phones[i % len(self.phones)]
        if phone.conflict is None:
            phone = next(p for p in self.phones if p.conflict)
        self._resolve(phone, choice if phone.conflict["status"] != 422 else "theirs")
        self._drain(phone)

    # ---- invariants ----

    @invariant()
    def server_log_is_whole_and_scored(self):
        """Hands 1..n with no gap or double, every acked hand there, totals = a re-score."""
        game, _ = self._game()
        numbers = [h["hand_no"] for h in game["hands"]]
        assert numbers == list(range(1, len(numbers) + 1)), numbers
        assert set(self.acked) <= set(numbers), (sorted(self.acked), numbers)
        fresh = rules.replay(RULESET, [hand_input(h) for h in game["hands"]], 0).to_dict()
        assert game["totals"] == fresh["totals"]
        assert game["game_over"] == fresh["game_over"]
        assert game["next_hand_no"] == fresh["next_hand_no"]
        assert [h["result"] for h in game["hands"]] == json.loads(json.dumps(fresh["hands"]))


def test_outbox_protocol_against_the_real_app(request):
    """100 random sequences (1,000 with --long); each ends drained and exactly acknowledged."""
    examples = 1000 if request.config.getoption("--long") else 100
    OutboxMachine.TestCase.settings = settings(
        max_examples=examples,
        stateful_step_count=30,
        deadline=None,
        database=None,
        # the bounded run (CI) plays the same sequences every time: the coverage asserted
        # below (every kind of exchange met once) held by chance before, and a run once met
        # no PUT answered 200; --long explores new ones each run
        derandomize=not request.config.getoption("--long"),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    SEEN.clear()
    OutboxMachine.TestCase().runTest()
    print("sync torture exercised:", dict(sorted(SEEN.items())))
    for what in (
        "add 201",
        "add 201 lost",
        "add 409",
        "replay",
        "conflict",
        "put 200",
        "server restart",
        "second device",
    ):
        assert SEEN[what] > 0, f"no sequence exercised {what!r}: {dict(SEEN)}"


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


def test_replayed_key_answers_for_its_first_commit_not_for_the_log_now():
    """Found by the machine: A's hand 2 commits but its answer is lost; B's own hand 2 gets a
    409 and B keeps its version (PUT); A's replay of its key then gets the stored answer of
    the first commit. The server keeps B's hand (the later commit) and A adopts it."""
    m = OutboxMachine()
    m.start()
    m.enter_hand(i=0, hand={"bidder": 3, "bid": 42, "result": {"captured": 35}}, fate="answered")
    m.second_device_joins()
    m.enter_hand(i=1, hand={"bidder": 3, "bid": 41, "result": {"captured": 27}}, fate="not_sent")
    m.enter_hand(
        i=0, hand={"bidder": 0, "bid": 32, "result": {"captured": 36}}, fate="response_lost"
    )
    m.network(i=1, online=True)
    assert m.phones[1].conflict is not None
    m.resolve_conflict(i=1, choice="mine")
    m.send(i=0, fate="answered")
    m.server_log_is_whole_and_scored()
    assert m.acked[2] == {"bidder": 3, "bid": 41, "result": {"captured": 27}}
    m.teardown()
