"""The scenario sandbox: boards a judge sets up, steps through the rules engine, saves, shares and prints.

models (Scenario, ScenarioSnapshot) · services (writes) · selectors (reads and
board views) · views (pages under /sandbox/) · api and schema (/api/v1/scenarios/)
· examples/ (Playbook rulings as scenarios) · management command ``run_scenario``.
"""
