"""Agent strength tables: greedy against random per faction and greedy against greedy
(``python -m engine.agents --table``); greedy against random over every faction of an
edition (``--vs-random``); faction matrices (``--matrix``)."""

from __future__ import annotations

from typing import Any

MASTER_SET = (
    "polar-dwarves",
    "cave-goblins",
    "fallen-kingdom",
    "breakers",
    "savanna-elves",
    "vanguards",
)
# the eight second-edition faction decks in a fixed order (tuning and variance
# runs draw from it, so their results do not depend on the catalogue's order)
SECOND_FACTIONS = MASTER_SET + ("phoenix-elves", "tundra-orcs")


def agents_table(
    games: int = 10,
    seed: int = 99,
    factions: tuple[str, ...] = MASTER_SET,
    matrix: bool = True,
) -> dict[str, Any]:
    """Greedy against random for every ordered pair of ``factions`` (deck A played
    by greedy), and (``matrix``) greedy against greedy for every pair: ``games``
    seeds per pair, each played twice with the seats swapped. Per faction: games,
    win % and turn-cap %; the matrix cell [a][b] counts a's wins over b."""
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import play_many

    decks = {f: faction_deck(f) for f in factions}
    zero = {"games": 0, "wins": 0, "turn_cap": 0}
    gvr = {f: dict(zero) for f in factions}
    for i, a in enumerate(factions):
        for j, b in enumerate(factions):
            rs = play_many(
                decks[a],
                decks[b],
                seed=seed + 100 * i + j,
                games=games,
                agent_a="greedy",
                agent_b="random",
                swap=True,
            )
            row = gvr[a]
            row["games"] += len(rs)
            row["wins"] += sum(1 for r in rs if r.winner == "a")
            row["turn_cap"] += sum(1 for r in rs if r.termination == "turn_cap")
    gvg = faction_matrix("greedy", games, seed, factions) if matrix else None

    def pct(n: int, d: int) -> float:
        return round(100.0 * n / d, 1) if d else 0.0

    per: dict[str, dict[str, Any]] = {}
    for f in factions:
        r = gvr[f]
        per[f] = {
            "vs_random_games": r["games"],
            "vs_random_win_pct": pct(r["wins"], r["games"]),
            "vs_random_turn_cap_pct": pct(r["turn_cap"], r["games"]),
        }
        if gvg is not None:
            g = gvg["factions"][f]
            per[f]["vs_greedy_games"] = g["games"]
            per[f]["vs_greedy_win_pct"] = pct(g["wins"], g["games"])
            per[f]["vs_greedy_turn_cap_pct"] = pct(g["turn_cap"], g["games"])
    total = sum(v["games"] for v in gvr.values())
    out: dict[str, Any] = {
        "games_per_pair": 2 * games,
        "greedy_vs_random_games": total,
        "greedy_vs_random_win_pct": pct(sum(v["wins"] for v in gvr.values()), total),
        "factions": per,
    }
    if gvg is not None:
        out["greedy_vs_greedy"] = gvg["cells"]
    return out


def format_table(res: dict[str, Any]) -> str:
    """Markdown tables (README) from :func:`agents_table`."""
    got: dict[str, dict[str, Any]] = res["factions"]
    order = {f: i for i, f in enumerate(MASTER_SET)}
    per = {f: got[f] for f in sorted(got, key=lambda f: (order.get(f, 99), f))}
    matrix = "greedy_vs_greedy" in res
    head = "| faction | wins vs random | turn cap vs random |"
    rule = "|---|---:|---:|"
    if matrix:
        head += " greedy-vs-greedy wins | turn cap vs greedy |"
        rule += "---:|---:|"
    lines = [
        f"Greedy vs random: {res['greedy_vs_random_win_pct']}% of "
        f"{res['greedy_vs_random_games']} games "
        f"({res['games_per_pair']} per ordered pair, seats swapped).",
        "",
        head,
        rule,
    ]
    for f, v in per.items():
        line = f"| {f} | {v['vs_random_win_pct']}% | {v['vs_random_turn_cap_pct']}% |"
        if matrix:
            line += f" {v['vs_greedy_win_pct']}% | {v['vs_greedy_turn_cap_pct']}% |"
        lines.append(line)
    if matrix:
        cells: dict[str, dict[str, str]] = res["greedy_vs_greedy"]
        facs = list(per)
        lines += [
            "",
            f"Greedy vs greedy (row wins-column wins, {res['games_per_pair']} "
            "games per pair, seats swapped):",
            "",
            "| | " + " | ".join(facs) + " |",
            "|---|" + "---:|" * len(facs),
        ]
        for a in facs:
            row = [cells[a].get(b, "-") for b in facs]
            lines.append(f"| {a} | " + " | ".join(row) + " |")
    return "\n".join(lines)


#: what the forked workers of :func:`faction_matrix` play (set before forking: the
#: compiled engine's card classes do not unpickle, so decks are never pickled)
_MATRIX: dict[str, Any] = {}


def _matrix_pair(task: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """One pair of a matrix: (a's wins, b's wins, games, turn-cap games)."""
    from engine.play import play_many

    i, j, pair_seed = task
    m = _MATRIX
    facs = m["factions"]
    rs = play_many(
        m["decks"][facs[i]],
        m["decks"][facs[j]],
        seed=pair_seed,
        games=m["games"],
        agent_a=m["agent"],
        agent_b=m["agent"],
        swap=True,
        rules=m["rules"],
    )
    wa = sum(1 for r in rs if r.winner == "a")
    wb = sum(1 for r in rs if r.winner == "b")
    cap = sum(1 for r in rs if r.termination == "turn_cap")
    return wa, wb, len(rs), cap


def faction_matrix(
    agent: str,
    games: int = 10,
    seed: int = 99,
    factions: tuple[str, ...] = MASTER_SET,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """``agent`` against itself for every pair of ``factions``: ``games`` seeds per
    pair, each played twice with the seats swapped (the seeds of
    :func:`agents_table`'s matrix, so two agents' matrices share their deals). Per
    faction: games, score (draws half) with its 95% Wilson interval; the ranking,
    best first; cell [a][b] = "a's wins-b's wins". ``ruleset`` names the edition
    ("" = the default); its factions' decks are played by its rules. ``jobs`` > 1
    plays the pairs in that many forked processes: each pair's games depend only on
    its seed, so the matrix is the same for any ``jobs``."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from engine.core.types import Rules
    from engine.deckbuilding.resolve import faction_deck
    from engine.tools.stats import wilson

    _MATRIX.clear()
    _MATRIX.update(
        decks={f: faction_deck(f, ruleset=ruleset or None) for f in factions},
        rules=Rules(ruleset=ruleset) if ruleset else None,
        factions=factions,
        games=games,
        agent=agent,
    )
    tasks = [
        (i, j, seed + 10_000 + 100 * i + j)
        for i in range(len(factions))
        for j in range(i + 1, len(factions))
    ]
    if jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(jobs, mp_context=ctx) as ex:
            results = list(ex.map(_matrix_pair, tasks))
    else:
        results = [_matrix_pair(t) for t in tasks]
    cells: dict[str, dict[str, str]] = {f: {} for f in factions}
    pts = {f: 0.0 for f in factions}
    n = {f: 0 for f in factions}
    wins = {f: 0 for f in factions}
    caps = {f: 0 for f in factions}
    for (i, j, _), (wa, wb, played, cap) in zip(tasks, results, strict=True):
        a, b = factions[i], factions[j]
        draws = played - wa - wb
        cells[a][b] = f"{wa}-{wb}"
        cells[b][a] = f"{wb}-{wa}"
        wins[a] += wa
        wins[b] += wb
        caps[a] += cap
        caps[b] += cap
        pts[a] += wa + 0.5 * draws
        pts[b] += wb + 0.5 * draws
        n[a] += played
        n[b] += played
    per: dict[str, dict[str, Any]] = {}
    for f in factions:
        lo, hi = wilson(pts[f], n[f])
        per[f] = {
            "games": n[f],
            "wins": wins[f],
            "turn_cap": caps[f],
            "score_pct": round(100.0 * pts[f] / n[f], 1) if n[f] else 0.0,
            "ci95": [round(100 * lo, 1), round(100 * hi, 1)],
        }
    ranking = sorted(factions, key=lambda f: (-pts[f] / max(n[f], 1), f))
    return {
        "agent": agent,
        "ruleset": ruleset or None,
        "games_per_pair": 2 * games,
        "seed": seed,
        "cells": cells,
        "factions": per,
        "ranking": ranking,
    }


def greedy_vs_random(
    games: int = 10,
    seed: int = 99,
    factions: tuple[str, ...] | None = None,
    ruleset: str = "",
    opponents: int = 4,
    agent: str = "greedy",
    baseline: str = "random",
) -> dict[str, Any]:
    """``agent`` (greedy) with each faction's deck against ``baseline`` (random) with
    a rotating set of opponents: faction i meets the next ``opponents`` factions of
    the list (cyclically, itself never), ``games`` seeds per pairing, each played
    twice with the seats swapped, so every faction plays greedy on both seats and
    random on both seats. ``factions`` defaults to every playable faction of
    ``ruleset`` ("" = the default edition). Per faction: games, wins, draws,
    turn-cap games, win % with its 95% Wilson interval, and the opponents met."""
    from engine.core.types import Rules
    from engine.deckbuilding.resolve import faction_deck, playable_factions
    from engine.play import play_many
    from engine.tools.stats import wilson

    rs_name = ruleset or None
    facs = tuple(factions or playable_factions(ruleset=rs_name))
    decks = {f: faction_deck(f, ruleset=rs_name) for f in facs}
    rules = Rules(ruleset=ruleset) if ruleset else None
    k = min(opponents, len(facs) - 1) if len(facs) > 1 else 1
    per: dict[str, dict[str, Any]] = {}
    for i, a in enumerate(facs):
        opp = [facs[(i + d) % len(facs)] for d in range(1, k + 1)]
        n = wins = draws = cap = 0
        for j, b in enumerate(opp):
            rs = play_many(
                decks[a],
                decks[b],
                seed=seed + 100 * i + j,
                games=games,
                agent_a=agent,
                agent_b=baseline,
                swap=True,
                rules=rules,
            )
            n += len(rs)
            wins += sum(1 for r in rs if r.winner == "a")
            draws += sum(1 for r in rs if r.winner not in ("a", "b"))
            cap += sum(1 for r in rs if r.termination == "turn_cap")
        lo, hi = wilson(wins, n)
        per[a] = {
            "games": n,
            "wins": wins,
            "draws": draws,
            "turn_cap": cap,
            "win_pct": round(100.0 * wins / n, 1) if n else 0.0,
            "ci95": [round(100 * lo, 1), round(100 * hi, 1)],
            "opponents": opp,
        }
    total = sum(v["games"] for v in per.values())
    won = sum(v["wins"] for v in per.values())
    lo, hi = wilson(won, total)
    return {
        "agent": agent,
        "baseline": baseline,
        "ruleset": rs_name,
        "games_per_pairing": 2 * games,
        "seed": seed,
        "games": total,
        "wins": won,
        "win_pct": round(100.0 * won / total, 1) if total else 0.0,
        "ci95": [round(100 * lo, 1), round(100 * hi, 1)],
        "factions": per,
    }


def format_vs_random(res: dict[str, Any], target: float = 95.0) -> str:
    """Markdown (README) from :func:`greedy_vs_random`; a faction whose win rate is
    below ``target`` % is marked."""
    lines = [
        f"{res['agent']} vs {res['baseline']}: {res['win_pct']}% "
        f"[{res['ci95'][0]}, {res['ci95'][1]}] of {res['games']} games "
        f"({res['games_per_pairing']} per pairing, seats swapped).",
        "",
        "| faction | games | wins | win % [95%] | turn cap | opponents (random) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for f, v in res["factions"].items():
        lo, hi = v["ci95"]
        mark = " (below target)" if v["win_pct"] < target else ""
        lines.append(
            f"| {f} | {v['games']} | {v['wins']} | {v['win_pct']}% [{lo}, {hi}]{mark} "
            f"| {v['turn_cap']} | {', '.join(v['opponents'])} |"
        )
    return "\n".join(lines)


def _avg_ranks(scores: dict[str, float]) -> dict[str, float]:
    """Rank 1 = highest score; tied items share the mean of their ranks."""
    order = sorted(scores, key=lambda k: -scores[k])
    out: dict[str, float] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in order[i : j + 1]:
            out[k] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: dict[str, float], b: dict[str, float]) -> float:
    """Spearman rank correlation of two score tables over the same items (ties get
    their mean rank; the Pearson correlation of the ranks).

    >>> spearman({"x": 3, "y": 2, "z": 1}, {"x": 9, "y": 5, "z": 0})
    1.0
    >>> spearman({"x": 3, "y": 2, "z": 1}, {"x": 0, "y": 5, "z": 9})
    -1.0
    """
    if set(a) != set(b) or len(a) < 2:
        raise ValueError("two score tables over the same items (at least two)")
    ra, rb = _avg_ranks(a), _avg_ranks(b)
    keys = list(a)
    ma = sum(ra.values()) / len(keys)
    mb = sum(rb.values()) / len(keys)
    cov = sum((ra[k] - ma) * (rb[k] - mb) for k in keys)
    va = sum((ra[k] - ma) ** 2 for k in keys)
    vb = sum((rb[k] - mb) ** 2 for k in keys)
    if va == 0 or vb == 0:
        return 0.0
    return round(cov / (va * vb) ** 0.5, 3)


def format_matrices(res: list[dict[str, Any]]) -> str:
    """Markdown: each agent's matrix and ranking, and the rank correlations."""
    lines: list[str] = []
    for m in res:
        facs = list(m["factions"])
        lines += [
            f"{m['agent']} vs {m['agent']} (row wins-column wins, "
            f"{m['games_per_pair']} games per pair, seats swapped):",
            "",
            "| | " + " | ".join(facs) + " | score [95%] |",
            "|---|" + "---:|" * (len(facs) + 1),
        ]
        for a in facs:
            row = [m["cells"][a].get(b, "-") for b in facs]
            p = m["factions"][a]
            lo, hi = p["ci95"]
            lines.append(
                f"| {a} | " + " | ".join(row) + f" | {p['score_pct']}% [{lo}, {hi}] |"
            )
        lines += ["", f"Ranking under {m['agent']}: " + ", ".join(m["ranking"]), ""]
    for i, x in enumerate(res):
        for y in res[i + 1 :]:
            rho = spearman(
                {f: v["score_pct"] for f, v in x["factions"].items()},
                {f: v["score_pct"] for f, v in y["factions"].items()},
            )
            lines.append(
                f"Rank correlation (Spearman) {x['agent']} vs {y['agent']}: {rho}"
            )
    return "\n".join(lines)
