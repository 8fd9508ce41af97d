"""The Playbook examples offered in the sandbox: one per question the engine decides, each passing."""
import pytest

import engine
from judgeapp.sandbox import selectors

pytestmark = pytest.mark.django_db


def test_every_playbook_question_has_an_example():
    slugs = {e["slug"] for e in selectors.example_list()}
    assert {f"playbook-q{n:02d}" for n in range(1, 41)} <= slugs


@pytest.mark.parametrize("slug", [e["slug"] for e in selectors.example_list()])
def test_example_page_opens_and_its_expectations_pass(client, slug):
    assert client.get(f"/sandbox/examples/{slug}/").status_code == 200
    assert client.post(f"/sandbox/examples/{slug}/").status_code == 302  # "open in the sandbox" (Q11, Q12 were 400)
    result = engine.run_scenario(engine.load_scenario(selectors.example_get(slug=slug)))
    assert result.passed, [str(c) for c in result.checks if not c.passed] if hasattr(result, "checks") else slug
