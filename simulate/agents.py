"""The agents the site offers (reads only): what each one is in plain words, how
strong it is (the engine's stored strength ladder, ``engine/agents/ladder.json``,
written by ``python -m engine.ladder --write``), how fast it plays, and which one
plays when a request names none.

The default is decided here and only here (:func:`default_agent`): among the
registered agents (``engine.agents.AGENTS``) that the job's caps allow
(``conf.max_games``) and that play at least ``DEFAULT_AGENT_MIN_GAMES_PER_S`` games
per second, the one with the highest ladder Elo
(:func:`engine.ladder.strongest_agent`). A new agent becomes the default once the
ladder rates it, with no change here.
"""

from __future__ import annotations

from typing import Any

from simulate import conf

#: One sentence per agent, for players (an agent missing here gets a generic one).
DESCRIPTIONS: dict[str, str] = {
    "random": "Picks any legal move at random. The weakest player: a yardstick, not "
    "a test of a deck.",
    "greedy": "Looks one decision ahead and takes whatever looks best at that "
    "moment. Fast, but it seldom plays its event cards and does not plan.",
    "planner": "Plays out the rest of its turn for each option it weighs (summons, "
    "moves, attacks, events, discards) and keeps the one that leaves it best placed, "
    "checking the best few against the opponent's likely answer.",
    "mcts": "Tries its most promising moves in many quick sample games and keeps "
    "the one that works best. Strong, but far slower than the others.",
}
#: Short words for the choice lists.
SHORT: dict[str, str] = {
    "random": "random moves",
    "greedy": "best-looking move each time",
    "planner": "plans its whole turn",
    "mcts": "tries moves in sample games",
}


def registered() -> list[str]:
    from engine.agents import AGENTS

    return list(AGENTS)


def games_per_second(name: str) -> float:
    """Games per second per worker process an agent plays against itself: the
    ``AGENT_GAMES_PER_S`` setting, else the ladder's measured figure, else
    ``UNKNOWN_AGENT_GAMES_PER_S``."""
    from engine.agents.ladder import ratings

    override = conf.get("AGENT_GAMES_PER_S").get(name)
    if override:
        return float(override)
    rate = ratings().get(name, {}).get("games_per_s")
    return float(rate) if rate else float(conf.get("UNKNOWN_AGENT_GAMES_PER_S"))


def default_agent(*, games: int | None = None) -> str:
    """The agent that plays when a request names none: the strongest that meets
    the job's caps (``games`` played in all, when known) and plays at least
    ``DEFAULT_AGENT_MIN_GAMES_PER_S`` games per second."""
    from engine.agents.ladder import strongest_agent

    names = registered()
    eligible = [a for a in names if games is None or games <= conf.max_games((a,))]
    return strongest_agent(
        eligible,
        min_games_per_s=conf.get("DEFAULT_AGENT_MIN_GAMES_PER_S"),
        speeds={a: games_per_second(a) for a in names},
    )


def agent_title(name: str) -> str:
    """An agent's name as players read it: the model label's first words
    (``simulate.models.Agent``: "Greedy", "MCTS"), else the engine's name."""
    from simulate.models import Agent

    return str(dict(Agent.choices).get(name, name)).split(" (")[0]


def agent_label(name: str) -> str:
    """An agent in a few plain words: "Greedy – best-looking move each time"."""
    return f"{agent_title(name)} – {SHORT.get(name, 'an engine agent')}"


def strength_text(name: str, rating: dict[str, Any] | None) -> str:
    """An agent's ladder Elo in words."""
    if not rating:
        return "Not rated yet on the strength ladder."
    lo, hi = rating["ci95"]
    anchor = rating.get("ladder", {}).get("anchor") or "greedy"
    if name == anchor:
        return (
            "Strength 0 on the strength ladder: the level the others are measured from."
        )
    return (
        f"Strength {rating['elo']:.0f} on the strength ladder (very likely between "
        f"{lo:.0f} and {hi:.0f}), where {agent_title(anchor)} is 0 and 200 points "
        "more means winning about 3 games in 4."
    )


def anchor_title() -> str:
    """The agent the ladder rates 0, as players read it."""
    from engine.agents.ladder import ratings

    for r in ratings().values():
        return agent_title(r["ladder"].get("anchor") or "greedy")
    return agent_title("greedy")


def agent_info(name: str, *, default: str | None = None) -> dict[str, Any]:
    """Everything the pages say about one agent."""
    from engine.agents.ladder import ratings

    rating = ratings().get(name)
    rate = games_per_second(name)
    return {
        "name": name,
        "label": agent_label(name),
        "short": SHORT.get(name, name),
        "description": DESCRIPTIONS.get(name, "An engine agent."),
        "elo": None if rating is None else rating["elo"],
        "ci95": None if rating is None else rating["ci95"],
        "rated_on": None if rating is None else rating["ladder"].get("date"),
        "strength": strength_text(name, rating),
        "is_anchor": rating is not None and name == rating["ladder"].get("anchor"),
        "games_per_s": rate,
        "speed": speed_text(rate),
        "max_games": conf.max_games((name,)),
        "default": name == (default or default_agent()),
    }


def speed_text(rate: float) -> str:
    if rate >= 100:
        return "hundreds of games a second"
    if rate >= 2:
        return f"about {rate:.0f} games a second per worker"
    if rate >= 0.1:
        return f"about {1 / rate:.0f} seconds a game"
    return "minutes a game"


def agent_list() -> list[dict[str, Any]]:
    """Every registered agent, strongest first (unrated ones last); each also
    names the ladder's anchor (``anchor_title``)."""
    default = default_agent()
    anchor = anchor_title()
    infos = [
        {**agent_info(a, default=default), "anchor_title": anchor} for a in registered()
    ]
    return sorted(infos, key=lambda i: (i["elo"] is None, -(i["elo"] or 0)))


def choice_label(name: str) -> str:
    """One line of a choice list: the agent, in a few words, and its strength."""
    from engine.agents.ladder import ratings

    rating = ratings().get(name)
    strength = f", strength {rating['elo']:.0f}" if rating else ""
    return f"{agent_label(name)}{strength}"


def agent_choices() -> list[tuple[str, str]]:
    """(name, label) of every registered agent, for forms."""
    return [(a, choice_label(a)) for a in registered()]


def automatic_label() -> str:
    """The forms' first choice: leave the choice to the site."""
    title = agent_title(default_agent())
    return f"Automatic – the strongest player fast enough for the job (now: {title})"


def choice_help() -> str:
    """How to choose, without jargon (the forms' help text)."""
    return (
        "Who plays the cards. A stronger player shows what a deck can do; a weak "
        "one mostly measures its own mistakes, and can even rank decks differently. "
        "Automatic picks the strongest player fast enough for the number of games "
        f"you ask for. Strength is measured on the engine's ladder ({anchor_title()} "
        "is 0): 200 points more means winning about 3 games in 4."
    )
