"""play.py, agents, the simulate / coverage / bench entry points."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.agents import GreedyAgent, RandomAgent, make_agent
from engine.cli.simulate import main as simulate_main
from engine.core.replay import state_digest
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import default_catalog, faction_deck, text_deck
from engine.play import new_game, play_game, play_many
from engine.tools.stats import wilson

ROOT = Path(__file__).resolve().parents[2]
PD_TEXT = """# Deck: my dwarves
1 Svara
1 Starting Gate
3 Gate
1 Frost Mage
1 Ice Golem
2 Ice Ram
2 Parapet
2 Ice Repair
2 Glacial Shift
1 Nadiana
1 Ollag
1 Jarmund
4 Frost Mage
4 Ice Golem
4 Bear Cavalry
4 Ice Smith
"""


def test_new_game_from_faction_slugs_and_result() -> None:
    st = new_game("polar-dwarves", "cave-goblins", seed=4)
    assert st.info.cards[st.info.summoners[0]].slug == "svara"
    res = play_game(st, [make_agent("random", 1), make_agent("random", 2)])
    assert res.winner in ("a", "b", None) and res.turns >= 1
    assert res.first_player in ("a", "b")
    assert res.partial is bool(res.missing_abilities) is st.info.partial
    assert res.log is not None and len(res.log) == res.actions
    assert set(res.card_stats) == {"a", "b"}
    assert all("summoned" in d for d in res.card_stats["a"].values())
    assert res.setup_defaults_used == (False, False)


def test_partial_flag_when_a_card_lacks_an_implementation() -> None:
    import dataclasses

    from engine.core.types import AbilityDef

    pd = faction_deck("polar-dwarves")
    odd = dataclasses.replace(
        pd.draw_cards[0],
        slug="test-odd",
        abilities=(AbilityDef("test-odd.mystery", "Mystery", "does something"),),
    )
    deck = dataclasses.replace(pd, draw_cards=(odd, *pd.draw_cards[1:]))
    (r,) = play_many(deck, pd, seed=1, games=1)
    assert r.partial is True and r.missing_abilities == ("test-odd.mystery",)


def test_polar_mirror_is_not_partial() -> None:
    pd = faction_deck("polar-dwarves")
    (r,) = play_many(pd, pd, seed=1, games=1)
    assert r.partial is False and r.missing_abilities == ()


def test_view_hides_opponent_hand_and_deck_order() -> None:
    st = new_game("polar-dwarves", "polar-dwarves", seed=8)
    view = PlayerView(st, 0)
    assert view.hand == st.hand[0] and view.hand_count(1) == len(st.hand[1])
    before = state_digest(st)
    seen = set()
    for _ in range(3):
        s = view.search()
        assert s.search and len(s.hand[1]) == len(st.hand[1])
        assert sorted(s.hand[1] + s.deck[1]) == sorted(st.hand[1] + st.deck[1])
        seen.add(tuple(s.hand[1]))
    assert state_digest(st) == before  # looking ahead never touches the game
    assert not hasattr(view, "rng")


def test_agents_are_seeded_not_global() -> None:
    pd = faction_deck("polar-dwarves")
    st = new_game(pd, pd, seed=1)
    view = PlayerView(st, st.current_player())
    acts = st.legal_actions()
    a = [RandomAgent(3).choose(view, acts) for _ in range(5)]
    b = [RandomAgent(3).choose(view, acts) for _ in range(5)]
    assert a == b
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    with pytest.raises(ValueError):
        make_agent("nope", 1)


def test_greedy_beats_random_quick() -> None:
    pd, cg = faction_deck("polar-dwarves"), faction_deck("cave-goblins")
    rs = play_many(
        pd, cg, seed=11, games=4, agent_a="greedy", agent_b="random", swap=True
    )
    assert sum(r.winner == "a" for r in rs) >= 7


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0


def test_deck_text_file_matches_faction_deck(tmp_path: Path) -> None:
    cat = default_catalog()
    d = text_deck(PD_TEXT, cat)
    f = faction_deck("polar-dwarves", cat)
    assert d.name == "my dwarves"
    assert d.summoner == f.summoner and d.starting_gate == f.starting_gate
    assert sorted(c.slug for c, _ in d.starting_units) == ["frost-mage", "ice-golem"]
    assert sorted(c.slug for c in d.draw_cards) == sorted(c.slug for c in f.draw_cards)
    path = tmp_path / "dwarves.txt"
    path.write_text(PD_TEXT)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.simulate",
            "--a",
            str(path),
            "--b",
            "polar-dwarves",
            "--games",
            "2",
            "--seed",
            "1",
            "--agent-a",
            "random",
            "--agent-b",
            "random",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["partial"] is False


def test_simulate_first_edition_and_bad_deck_fail_clearly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a second-edition faction is no first-edition deck
    rc = simulate_main(
        ["--a", "polar-dwarves", "--b", "cave-goblins", "--games", "1"]
        + ["--ruleset", "first", "--json"]
    )
    assert rc == 2 and "neither a faction slug" in capsys.readouterr().err
    rc = simulate_main(
        ["--a", "phoenix-elves", "--b", "tundra-orcs", "--games", "2"]
        + ["--ruleset", "first", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["ruleset"] == "first" and out["games"] == 2
    assert out["partial"] is False
    rc = simulate_main(
        ["--a", "polar-dwarves", "--b", "cave-goblins", "--games", "1"]
        + ["--ruleset", "third", "--json"]
    )
    assert rc == 2 and "not supported yet" in capsys.readouterr().err
    rc = simulate_main(["--a", "no-such-faction", "--b", "cave-goblins", "--json"])
    assert rc == 2 and "neither a faction slug" in capsys.readouterr().err


def test_simulate_refuses_an_illegal_deck_file_with_every_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # R9: no gates at all and five copies of a common; both reported, nothing played.
    bad = PD_TEXT.replace("1 Starting Gate\n3 Gate\n", "").replace(
        "4 Ice Smith", "5 Ice Smith"
    )
    path = tmp_path / "bad.txt"
    path.write_text(bad)
    args = ["--a", str(path), "--b", "cave-goblins", "--games", "1", "--json"]
    assert simulate_main(args) == 2
    err = capsys.readouterr().err
    assert "not legal" in err and "gate.ten_life.count" in err
    assert "Ice Smith" in err and "5 copies" in err
    # An explicit opt-in still plays it (by the rules: no gate, so no summoning).
    assert simulate_main([*args, "--allow-illegal", "--agent-a", "random"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_coverage_and_bench_entry_points(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.coverage import main as coverage_main
    from engine.tools.bench import bench

    assert coverage_main(["--json"]) == 0
    cov = json.loads(capsys.readouterr().out)
    assert cov["factions"]["polar-dwarves"]["implemented"] == 12
    # smoke only, never timed
    out = bench(random_games=6, greedy_games=6, warmup=1, planner_games=6)
    assert out["random_games"] == 6 and out["greedy_games"] == 6
    assert "random_games_per_s" in out and "greedy_games_per_s" in out
    # the planner is registered, so its pure-engine rate is measured too
    assert out["planner_games"] == 6 and out["planner_games_per_s"] > 0
    assert out["warmup_games_per_matchup"] == 1
    assert out["machine"]["cpus"] >= 1 and out["machine"]["python"]


def test_simulate_names_the_cards_played_from_low_confidence_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.core.types import Confidence
    from engine.deckbuilding.resolve import low_confidence_cards

    cat = default_catalog()
    assert cat.card("arbiter-of-war").confidence is Confidence.LOW
    assert low_confidence_cards(faction_deck("polar-dwarves")) == []
    # Arbiter of War's numbers come from one fan source: a deck that plays it says so.
    text = PD_TEXT.replace("4 Ice Smith", "4 Arbiter of War")
    path = tmp_path / "arbiters.txt"
    path.write_text(text)
    args = ["--a", str(path), "--b", "polar-dwarves", "--games", "2"]
    args += ["--allow-illegal", "--agent-a", "random", "--agent-b", "random"]
    assert simulate_main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["low_confidence_cards"] == {"a": ["arbiter-of-war"], "b": []}
    assert simulate_main(args) == 0
    assert "deck a: low-confidence card data: arbiter-of-war" in capsys.readouterr().out
