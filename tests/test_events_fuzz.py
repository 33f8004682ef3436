"""Issue 36: never a 500 from input. Every endpoint under /api/ (read from the app's url_map, so a new one is fuzzed
too) gets a lone surrogate, a NUL, a huge text, deep nesting and text that compatibility normalization makes longer,
in its path, its query and its body, on SQLite and PostgreSQL: every answer is a 4xx in the API's error shape (or a
success, where such text is simply taken), never a 500."""

import json
import re
import uuid
from urllib.parse import quote

import pytest
from events_helpers import create_event, incident, version

# The hostile values, by name: each goes in every place one at a time.
LONE_SURROGATE = "\ud800"
VALUES = {
    "surrogate": "a" + LONE_SURROGATE,
    "nul": "a\x00b",
    "huge": "x" * 70_000,
    "deep": "[" * 5_000,  # as text; in a body it is spliced in as JSON nested 100,000 deep (DEEP_JSON)
    "expanding": "\ufdfa" * 30,  # one character that NFKD spells with 18: 540 once normalized
}
DEEP_JSON = "[" * 100_000 + "]" * 100_000
QUERY_KEYS = ("since", "after", "limit", "scope", "unknown")
ERROR_KEYS = {"error", "message", "field"}
PLACEHOLDER = "\u2603fuzz\u2603"  # marks where a body's deep nesting goes


def url_part(text):
    """Text as a URL part; a lone surrogate as the bytes a careless client sends for it (CESU-8)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def leaves(value, path=()):
    """The paths of every text and number of a JSON value (a body template), to replace one at a time."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    else:
        yield path


def replaced(value, path, new):
    """A deep copy of `value` with the leaf at `path` replaced."""
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


class Place:
    """One event to fuzz: its head referee, a second head to revoke, an invitation, roster players and an incident."""

    def __init__(self, api):
        self.api = api
        self.head = create_event(api)
        self.other_head = self.head.add_device("head", "Second head")
        invite = self.head.invite("referee", max_uses=500)
        self.invite_token = invite["link"].split("#", 1)[1]
        self.invite_id = invite["invite"]["id"]
        self.players = [str(uuid.uuid4()), str(uuid.uuid4())]
        self.incident = str(uuid.uuid4())
        assert (
            self.head.statuses(
                version(self.players[0], kind="player", body={"name": "Ada Fuzz"}),
                version(self.players[1], kind="player", body={"name": "Bea Fuzz"}),
                version(self.incident),
            )
            == ["accepted"] * 3
        )

    def path_values(self):
        return {
            "event_id": self.head.event_id,
            "invite_id": self.invite_id,
            "credential_id": self.other_head.credential["id"],
            "record_id": self.incident,
        }

    def body(self, rule, method):
        """A body the endpoint takes (None: no body), to spoil one part at a time."""
        invite_id, secret = self.invite_token.split(".")
        credential = self.head.credential
        bodies = {
            ("POST", "/api/events"): {
                "name": "Fuzz Cup",
                "ruleset_id": "azrm-2026",
                "starts_on": "2026-11-23",
                "ends_on": "2026-11-24",
                "sessions": ["Round 1"],
                "display_name": "Fuzz Head",
                "league": {"name": "Fuzz League"},
            },
            ("PATCH", "/api/events/<event_id>"): {"name": "Fuzz Cup", "sessions": ["Round 1", "Round 2"]},
            ("POST", "/api/auth/token"): {"credential_id": credential["id"], "secret": credential["secret"]},
            ("POST", "/api/events/<event_id>/invites"): {"role": "viewer", "max_uses": 2, "lang": "fr"},
            ("POST", "/api/invites/accept"): {"invite": f"{invite_id}.{secret}", "display_name": "Fuzz Referee"},
            ("POST", "/api/invites/preview"): {"invite": f"{invite_id}.{secret}"},
            ("POST", "/api/events/<event_id>/versions"): {
                "versions": [
                    version(kind="player", body={"name": "Cid Fuzz", "club": "Fuzz Club"}),
                    version(body=incident(playerId=self.players[0], player="Ada Fuzz", note="fuzz")),
                    version(self.incident, parents=[]),
                ]
            },
            ("POST", "/api/events/<event_id>/players/merge"): {"player_id": self.players[1], "into": self.players[0]},
        }
        if (method, rule) in bodies:
            return bodies[(method, rule)]
        return {} if method in ("POST", "PATCH", "PUT", "DELETE") else None

    def restore(self):
        """Undo what a request that got through may have done to the event, so the next one reaches as deep."""
        self.head.post("/reopen")


@pytest.fixture
def place(api):
    return Place(api)


def api_rules(app):
    """(rule, method) of every endpoint under /api/."""
    return sorted(
        (rule.rule, method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    )


def build_path(rule, values):
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda match: url_part(values[match.group(1)]), rule)


def problem(response, what):
    """None for a success or a 4xx in the API's error shape; else what went wrong (a 5xx, another shape)."""
    body = response.get_json(silent=True)
    shaped = isinstance(body, dict) and set(body) == ERROR_KEYS and isinstance(body["error"], str)
    if response.status_code >= 500 or (response.status_code >= 400 and not shaped):
        return f"{what}: {response.status_code} {response.get_data(as_text=True)[:60]!r}"
    return None


def send(place, method, path, body=None, text=None):
    headers = {**place.head.headers}
    if body is not None or text is not None:
        headers["Content-Type"] = "application/json"
        text = json.dumps(body) if text is None else text
    return place.api.open(path, method=method, data=text, headers=headers)


def body_texts(make_template, value_name, value):
    """The template with each leaf replaced by the value (deep: spliced in as JSON nested 100,000 deep), and with an
    extra key named by the value; an invitation's id and secret are also spoilt apart. Each text is made from a new
    template (new record and version ids), so what one stored never hides the next from the deeper checks."""
    for path in leaves(make_template()):
        template = make_template()
        if value_name == "deep":
            yield (
                ".".join(map(str, path)),
                json.dumps(replaced(template, path, PLACEHOLDER)).replace(json.dumps(PLACEHOLDER), DEEP_JSON),
            )
        else:
            yield ".".join(map(str, path)), json.dumps(replaced(template, path, value))
            if path == ("invite",):
                invite_id, secret = template["invite"].split(".")
                yield "invite id", json.dumps({**template, "invite": f"{value}.{secret}"})
                yield "invite secret", json.dumps({**template, "invite": f"{invite_id}.{value}"})
    yield "key", json.dumps({**make_template(), value: 1})


@pytest.mark.parametrize("value_name", VALUES)
def test_no_input_in_any_path_query_or_body_gives_a_500(place, events_app, value_name):
    value = VALUES[value_name]
    problems = []
    check = lambda response, what: problems.append(problem(response, what))  # noqa: E731
    for rule, method in api_rules(events_app):
        valid = place.path_values()
        has_body = place.body(rule, method) is not None
        for name in re.findall(r"<(?:\w+:)?(\w+)>", rule):
            path = build_path(rule, {**valid, name: value})
            check(send(place, method, path, {} if has_body else None), f"{method} {rule} path {name}")
        path = build_path(rule, valid)
        for key in QUERY_KEYS:
            query = f"{url_part(key if key != 'unknown' else value)}={url_part(value)}"
            check(send(place, method, f"{path}?{query}", {} if has_body else None), f"{method} {rule} query {key}")
            place.restore()
        if has_body:
            for where, text in body_texts(lambda: place.body(rule, method), value_name, value):  # noqa: B023
                check(send(place, method, path, text=text), f"{method} {rule} body {where}")
                place.restore()
    found = [item for item in problems if item]
    assert not found, "\n".join(found)


# The 500s issue 36 found, one by one (each also in the fuzz above).


def test_a_walk_in_whose_name_grows_past_its_column_once_normalized_is_refused_alone(place):
    referee = place.head.add_device("referee", "Bruno")
    walk_in, other = version(kind="player", body={"name": "\ufdfa" * 30}), version()
    response = referee.upload(walk_in, other)
    assert response.status_code == 200
    first, second = response.json["results"]
    assert (first["status"], first["error"], first["field"]) == ("refused", "too_long", "versions[0].body.name")
    assert second["status"] == "accepted"  # the rest of the batch is stored; the phone is not blocked
    assert referee.statuses(version(kind="player", body={"name": "\ufdfa" * 20})) == ["accepted"]  # 360: it fits


@pytest.mark.parametrize("part", ["id", "secret"])
@pytest.mark.parametrize("path", ["/api/invites/accept", "/api/invites/preview"])
@pytest.mark.parametrize("bad, error", [(LONE_SURROGATE, "not_unicode"), ("\x00", "control_character")])
def test_an_invitation_with_unreadable_text_is_refused_without_signing_in(place, path, part, bad, error):
    invite_id, secret = place.invite_token.split(".")
    token = f"{invite_id}{bad}.{secret}" if part == "id" else f"{invite_id}.{secret}{bad}"
    text = json.dumps({"invite": token, "display_name": "Bruno"})  # \ud800 escaped, as JSON.stringify sends it
    response = place.api.post(path, data=text, content_type="application/json")  # no Authorization
    assert (response.status_code, response.json["error"], response.json["field"]) == (422, error, "invite")


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/records/a%00b"),
        ("POST", "/credentials/a%00b/revoke"),
        ("POST", "/invites/a%00b/revoke"),
        ("GET", "/records/a%ED%A0%80b"),
    ],
)
def test_a_nul_in_an_id_of_the_path_is_not_found(place, method, path):
    response = send(place, method, f"/api/events/{place.head.event_id}{path}", {} if method == "POST" else None)
    assert (response.status_code, response.json["error"]) == (404, "not_found")


def test_a_nul_or_a_lone_surrogate_in_the_query_is_refused_at_its_name(place):
    response = place.head.get("/changes?since=0&scope=ev%00ent")
    assert (response.status_code, response.json["error"], response.json["field"]) == (422, "control_character", "scope")
