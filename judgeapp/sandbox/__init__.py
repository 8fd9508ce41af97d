"""The scenario sandbox: boards a judge sets up, steps through the rules engine, saves, shares and prints.

A host of games: everything that differs between games comes from one plug-in per game in ``games/``
(the registry; docs/adding-a-game.md), and no other module here names a game.
models (Scenario, ScenarioSnapshot) · services (writes: creating, importing, forking, stepping; board_setup
the draft, runs the export and expectation runs) · history (the one adapter storing a board's history, the
engine's Timeline) · history_writes (how writes take a scenario and save its history) · selectors (reads and
board views) · fragments (what the pages draw, for templates/sandbox/: tiles, log, decision menus) ·
views (pages under /sandbox/) · ownership · api and schema (/api/v1/scenarios/) · wording (judge language)
· examples/ (Playbook rulings as scenarios) · management command ``run_scenario``.
"""
