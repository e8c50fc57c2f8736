"""A crew's file makes only the seasons the season routes make (docs/export.md "A crew's
seasons"): the import holds a season to the routes' own checks (api/leagues/seasons.py
`check_season`, api/leagues/nights.py `check_substitutes` and `team_map`), so a file changed
where a route would refuse is refused in the same rule's words, with nothing stored. Each
change is tried on the file (its ids new, so the whole crew is checked) and, where a route
takes the same thing, on that route."""

import copy

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
