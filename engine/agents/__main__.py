"""``python -m engine.agents``: the command is :mod:`engine.cli.agents`."""

from engine.cli.agents import main

if __name__ == "__main__":
    raise SystemExit(main())
