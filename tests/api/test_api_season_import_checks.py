"""A crew's file makes only the seasons the season routes make (docs/export.md "A crew's
seasons"): the import holds a season to the routes' own checks (api/leagues/seasons.py
`check_season`, api/leagues/nights.py `check_substitutes` and `team_map`), so a file changed
where a route would refuse is refused in the same rule's words, with nothing stored. Each
change is tried on the file (its ids new, so the whole crew is checked) and, where a route
takes the same thing, on that route."""

import copy
import uuid

import pytest
from helpers.import_mutations import renamed, stored
from helpers.season_exports import played_season


def _rename_season(season, doc):
    season["name"] = "Spring\u202e 2027"  # a right-to-left override: it turns the name round


def _team_names_by_a_space(season, doc):
    season["teams"][1]["name"] = season["teams"][0]["name"] + " "


def _playoff_of_nine(season, doc):
    season["playoff_teams"] = 9  # of the season's 4 teams


def _three_hand_ruleset(season, doc):
    season["ruleset"] = "three-hand-42"


def _substitute_who_plays(season, doc):
    """Night 2's substitute for Bones is Ann, who plays for Aces that night."""
    ann = season["teams"][0]["players"][0]
    [sub] = season["played"][1]["substitutes"]
    sub.update(player=ann, name="Ann")


# (what the file changes, the rule the file's refusal and the route's refusal of the same name)
CHANGES = {
    "a season's name with a right-to-left override": (_rename_season, "BAD_NAME"),
    "two team names apart by a trailing space": (_team_names_by_a_space, "TEAM_NAME_TAKEN"),
    "a playoff of 9 teams in a season of 4": (_playoff_of_nine, "BAD_PLAYOFF"),
    "a ruleset of three hands": (_three_hand_ruleset, "MATCH_NEEDS_TWO_TEAMS"),
    "a substitute who already plays that night": (_substitute_who_plays, "PLAYER_TWICE"),
}


def _route_refusal(league, url, change):
    """The season routes' answer to the same thing: a new season made so, or night 2's
    substitute named so."""
    if change is _substitute_who_plays:
        teams = {t["name"]: t["id"] for t in league.season(url)["teams"]}
        sub = {"team": teams["Bones"], "member": 0, "player": league.players["Ann"]}
        return league.client.put_json(
            f"{url}/nights/2/substitutes",
            {"substitutes": [sub]},
            headers=league.auth,
            status=422,
        ).json
    body = league.body(name="Autumn 2027")
    change(body, None)
    return league.post(league.base, body, status=422)


def _refused_file(client, doc, change):
    """Import `doc` changed by `change` (its ids new): the refusal, nothing stored."""
    changed = copy.deepcopy(doc)
    change(changed["crew"]["seasons"][0], changed)
    before = stored()
    refused = client.post_json("/api/import", renamed(changed), status=422).json
    assert stored() == before
    assert refused["message"].startswith("The crew of the file: ")
    return refused


@pytest.mark.parametrize("what", CHANGES)
def test_a_season_a_route_would_refuse_is_refused_in_a_crews_file(client, what):
    change, rule = CHANGES[what]
    league, url, _view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    refused = _refused_file(client, doc, change)
    assert refused["rule_code"] == rule, refused
    by_route = _route_refusal(league, url, change)
    assert by_route["rule_code"] == rule, by_route


def test_a_nights_teams_paired_other_than_the_night_was_made_are_refused(client):
    """A night's event is made of the season's teams in the season's order (api/leagues/
    nights.py `team_map`): a file whose night 1 swaps teams 1 and 2 would give Aces' wins
    to Bones in the standings."""
    league, _url, _view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json

    def swap(season, _doc):
        night = season["played"][0]["teams"]
        night["1"], night["2"] = night["2"], night["1"]

    refused = _refused_file(client, doc, swap)
    assert refused["rule_code"] == "BAD_SEASON"
    assert refused["message"] == (
        "The crew of the file: night 1 of Spring 2027 says its team 1 is Bones, and the night "
        "was made of the season's teams in the season's order"
    )


def test_a_crews_file_with_its_seasons_still_comes_back(client):
    """The checks take what the routes made: the file of a played season imports, its ids
    new, and its season reads the same standings."""
    league, url, view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    answer = client.post_json("/api/import", renamed(doc), status=201).json
    crew = answer["crew"]
    auth = {"Authorization": f"Bearer {crew['token']}"}
    [season] = client.get(f"/api/crews/{crew['id']}/seasons", headers=auth).json["seasons"]
    copy_view = client.get(f"/api/crews/{crew['id']}/seasons/{season['id']}", headers=auth).json
    assert [r["team_name"] for r in copy_view["standings"]] == [
        r["team_name"] for r in view["standings"]
    ]


def _refused_with(client, doc, change, status):
    """Import `doc` changed by `change(doc's crew)` (its ids new): the refusal, nothing
    stored, in the crew's words."""
    changed = renamed(doc)
    change(changed["crew"])
    before = stored()
    refused = client.post_json("/api/import", changed, status=status).json
    assert stored() == before
    assert refused["message"].startswith("The crew of the file: ")
    return refused


def test_two_seasons_of_one_name_in_a_crews_file_are_refused_as_the_route_refuses(client):
    """A crew has one season of a name (api/leagues/seasons.py `check_season_name`, the
    route's check): a file whose second season, not yet played, takes the first one's name
    is refused SEASON_NAME_TAKEN in the route's words, and one of another name comes in."""
    league, _url, _view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json

    def second(name):
        def change(crew):
            first = crew["seasons"][0]
            crew["seasons"].append(
                {**first, "id": str(uuid.uuid4()), "name": name, "played": [], "playoff": None}
            )

        return change

    refused = _refused_with(client, doc, second("Spring 2027"), 409)
    assert refused["rule_code"] == "SEASON_NAME_TAKEN", refused
    assert refused["message"] == (
        "The crew of the file: Austin 42 Club already has a season called Spring 2027"
    )
    by_route = league.post(league.base, league.body(), status=409)
    assert by_route["rule_code"] == "SEASON_NAME_TAKEN"
    assert refused["message"].endswith(by_route["message"])
    changed = renamed(doc)
    second("Autumn 2027")(changed["crew"])
    answer = client.post_json("/api/import", changed, status=201).json
    assert answer["crew"]["message"].endswith("(9 players, 19 games, 2 seasons)")


def test_a_playoff_the_playoff_route_would_not_make_is_refused(client):
    """The playoff route makes a playoff only for a season that has one (NO_PLAYOFF) and
    enters its top `playoff_teams` (api/leagues/nights.py `start_playoff`): a file whose
    season has none, or whose playoff holds 2 teams of a top 3, is refused."""
    league, _url, _view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json

    def no_playoff(crew):
        crew["seasons"][0]["playoff_teams"] = None

    refused = _refused_with(client, doc, no_playoff, 409)
    assert refused["rule_code"] == "NO_PLAYOFF", refused
    assert refused["message"] == "The crew of the file: Spring 2027 has no playoff"
    made = league.post(league.base, league.body(name="Autumn 2027", playoff_teams=None))
    by_route = league.post(f"{league.base}/{made['id']}/playoff", status=409)
    assert by_route["rule_code"] == "NO_PLAYOFF"

    def top_three(crew):
        crew["seasons"][0]["playoff_teams"] = 3

    refused = _refused_with(client, doc, top_three, 422)
    assert refused["rule_code"] == "BAD_PLAYOFF", refused
    assert refused["message"] == (
        "The crew of the file: the playoff of Spring 2027 takes the top 3 teams, and the "
        "file's playoff has 2"
    )


def test_a_playoff_seeded_before_a_night_was_corrected_still_comes_back(client):
    """The playoff is seeded by the standings at its start; a night corrected afterwards
    moves the standings and not the playoff (the director's correction is allowed then).
    The server's own file of that season must come back: the import cannot hold the
    playoff's seeds to the standings the file's nights give now."""
    league, url, view = played_season(client)
    link = client.post_json(f"{url}/nights/3/director-link", None, headers=league.auth).json
    auth = {"Authorization": f"Bearer {link['director_token']}"}
    event = f"/api/events/{link['event_id']}"
    night = client.get(event, headers=auth).json
    bones = next(t["id"] for t in night["teams"] if t["name"] == "Bones")
    for match in night["matches"]:
        if match["winner"] == bones:
            other = next(t for t in match["teams"] if t != bones)
            client.post_json(
                f"{event}/matches/{match['id']}/correction", {"winner": other}, headers=auth
            )
    after = league.season(url)
    names = {t["id"]: t["name"] for t in view["teams"]}
    assert [r["team_name"] for r in after["standings"][:2]] == ["Aces", "Bones"]
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    assert doc["crew"]["seasons"][0]["playoff"]["teams"] == {"1": 2, "2": 1}  # Bones first
    assert names[view["playoff"]["seeds"][0]] == "Bones"
    answer = client.post_json("/api/import", renamed(doc), status=201).json
    assert answer["crew"]["outcome"] == "created"
