"""Sharing results (private by default; unlisted = by link; public = also listed),
the plain-language verdict, matrix markers and the per-card association table."""

from __future__ import annotations

import pytest
from django.test import TestCase

from simulate import selectors
from simulate.models import Visibility
from simulate.services import jobs, matrices

from .conftest import FACTION_A, FACTION_B

pytestmark = pytest.mark.django_db


@pytest.fixture
def done_job(make_job):  # type: ignore[no-untyped-def]
    return jobs.simulation_run_inline(job_id=make_job(games=4, agent_b="greedy").pk)


def test_private_by_default_and_hidden_from_others(
    client, api_client, other_user, done_job
):
    assert done_job.visibility == Visibility.PRIVATE
    assert client.get(f"/simulations/{done_job.pk}/").status_code == 404
    assert api_client.get(f"/api/simulations/{done_job.pk}/").status_code == 404
    client.force_login(other_user)
    assert client.get(f"/simulations/{done_job.pk}/").status_code == 404
    assert client.get(f"/simulations/{done_job.pk}/games/0/").status_code == 404


def test_unlisted_is_readable_by_its_token_only(client, api_client, user, done_job):
    """An unlisted result lives at an unguessable token URL; its numeric id (a
    counter anyone could guess) opens for its owner only."""
    client.force_login(user)
    response = client.post(
        f"/simulations/{done_job.pk}/share/", {"visibility": "unlisted"}
    )
    assert response.status_code == 302
    done_job.refresh_from_db()
    token = done_job.share_token
    assert len(token) >= 22 and not token.isdigit()
    owner_page = client.get(f"/simulations/{done_job.pk}/").content.decode()
    assert f"/s/{token}/" in owner_page  # the link the owner hands out
    client.logout()
    assert client.get(f"/simulations/{done_job.pk}/").status_code == 404
    assert client.get(f"/simulations/{done_job.pk}/games/0/").status_code == 404
    page = client.get(f"/s/{token}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Shared by svara" in html and "/share/" not in html
    assert f"/simulations/{done_job.pk}/" not in html  # no owner-only links
    assert f'data-api-url="/api/simulations/shared/{token}/"' in html
    assert f'href="/s/{token}/games/0/"' in html
    assert client.get(f"/s/{token}/games/0/").status_code == 200
    assert client.get(f"/s/{token}x/").status_code == 404
    assert api_client.get(f"/api/simulations/{done_job.pk}/").status_code == 404
    body = api_client.get(f"/api/simulations/shared/{token}/").json()
    assert body["visibility"] == "unlisted" and body["result"]["games"] == 4
    assert body["share_url"].endswith(f"/s/{token}/")
    assert f"/s/{token}/" not in client.get("/simulations/").content.decode()
    # Read-only for others: no cancelling or re-sharing someone else's job.
    assert api_client.post(f"/api/simulations/{done_job.pk}/cancel/").status_code in (
        401,
        403,
    )


def test_private_again_closes_the_token(client, api_client, done_job):
    jobs.simulation_share(job=done_job, visibility=Visibility.UNLISTED)
    assert client.get(f"/s/{done_job.share_token}/").status_code == 200
    jobs.simulation_share(job=done_job, visibility=Visibility.PRIVATE)
    assert client.get(f"/s/{done_job.share_token}/").status_code == 404
    url = f"/api/simulations/shared/{done_job.share_token}/"
    assert api_client.get(url).status_code == 404


def test_tokens_differ_per_job(make_job):
    tokens = {make_job(games=2).share_token for _ in range(3)}
    assert len(tokens) == 3


def test_shared_page_lists_a_private_deck_inline_without_linking_it(
    client, user, catalog_db, make_job
):
    """The owner's private deck is shown by name and list on a shared result; a
    link to it would be a 404 for the reader."""
    from decks.services import deck_create
    from engine.deckbuilding.catalog import load_catalog

    entries = list(load_catalog().faction_deck(FACTION_A).counts().items())
    deck = deck_create(owner=user, name="My secret goblins", entries=entries)
    job = make_job(deck_a=deck.pk, games=2)
    jobs.simulation_share(job=job, visibility=Visibility.UNLISTED)
    html = client.get(f"/s/{job.share_token}/").content.decode()
    assert "My secret goblins" in html
    assert "The two deck lists as they were played" in html
    assert f"/decks/{deck.pk}/" not in html


def test_public_is_listed_by_its_token(client, user, done_job):
    jobs.simulation_share(job=done_job, visibility=Visibility.PUBLIC)
    html = client.get("/simulations/").content.decode()
    assert f"/s/{done_job.share_token}/" in html
    assert f"/simulations/{done_job.pk}/" not in html


def test_only_the_owner_shares(api_client, other_user, done_job):
    api_client.force_authenticate(other_user)
    url = f"/api/simulations/{done_job.pk}/share/"
    assert (
        api_client.post(url, {"visibility": "public"}, format="json").status_code == 404
    )
    done_job.refresh_from_db()
    assert done_job.visibility == Visibility.PRIVATE


def test_share_rejects_unknown_visibility(api_client, user, done_job):
    api_client.force_authenticate(user)
    url = f"/api/simulations/{done_job.pk}/share/"
    response = api_client.post(url, {"visibility": "everyone"}, format="json")
    assert response.status_code == 400
    response = api_client.post(url, {"visibility": "unlisted"}, format="json")
    assert response.status_code == 200 and response.json()["visibility"] == "unlisted"


def test_matrix_sharing_opens_its_cells(client, user, dispatched):
    with TestCase.captureOnCommitCallbacks(execute=True):
        matrix = matrices.matrix_submit(
            owner=user, decks=[FACTION_A, FACTION_B], games_per_pair=2, agent="random"
        )
    cell = matrix.jobs.get()
    assert client.get(f"/m/{matrix.share_token}/").status_code == 404
    assert client.get(f"/s/{cell.share_token}/").status_code == 404
    matrices.matrix_share(matrix=matrix, visibility=Visibility.UNLISTED)
    assert client.get(f"/matrices/{matrix.pk}/").status_code == 404  # ids: owner
    page = client.get(f"/m/{matrix.share_token}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'href="/s/{cell.share_token}/"' in html  # cells open by their tokens
    assert f"/simulations/{cell.pk}/" not in html
    assert client.get(f"/s/{cell.share_token}/").status_code == 200
    assert client.get(f"/simulations/{cell.pk}/").status_code == 404


def test_gauntlet_plays_one_row(user, dispatched):
    with TestCase.captureOnCommitCallbacks(execute=True):
        matrix = matrices.matrix_submit(
            owner=user,
            decks=[FACTION_A, FACTION_B, "tundra-orcs"],
            games_per_pair=2,
            agent="random",
            gauntlet=True,
        )
    pairs = sorted(matrix.jobs.values_list("matrix_row", "matrix_col"))
    assert pairs == [(0, 1), (0, 2)]
    assert len(selectors.matrix_rows(matrix=matrix)) == 1


@pytest.mark.parametrize(
    ("wins", "games", "edge", "words"),
    [
        (90, 100, "a", "Polar is favoured: it wins 90%"),
        (10, 100, "b", "Orcs is favoured: Polar wins only 10%"),
        (52, 100, None, "No clear edge: Polar wins 52%"),
    ],
)
def test_verdict_in_words(wins, games, edge, words):
    rate, ci = selectors.win_rate_and_interval(wins, games)
    result = {"games": games, "win_rate_a": rate, "ci95": ci, "draws": 0}
    verdict = selectors.simulation_verdict(result=result, name_a="Polar", name_b="Orcs")
    assert verdict["edge"] == edge
    assert verdict["text"].startswith(words)
    assert "95% interval" in verdict["text"]
    if edge is None:
        assert "includes 50%" in verdict["text"]


def test_matrix_markers_only_where_the_interval_excludes_half():
    assert selectors.clear_side([0.55, 0.7]) == "above"
    assert selectors.clear_side([0.3, 0.45]) == "below"
    assert selectors.clear_side([0.45, 0.55]) is None


def test_card_table_is_an_association_by_game_length_with_events(done_job):
    assoc = selectors.simulation_result(job=done_job)["card_association"]
    assert [b["key"] for b in assoc["bands"]] == ["short", "medium", "long"]
    for side in ("a", "b"):
        data = assoc["sides"][side]
        baseline_games = sum(c["games"] for c in data["baseline"].values())
        assert baseline_games == 4  # every game in exactly one length band
        for card in data["cards"]:
            assert card["games"] <= baseline_games
            for band, cell in card["bands"].items():
                assert cell["games"] <= data["baseline"][band]["games"]
    # Events count as played (greedy side B plays some in four games).
    events = [c for s in assoc["sides"].values() for c in s["cards"] if c["event"]]
    assert events, "events missing from the per-card table"
