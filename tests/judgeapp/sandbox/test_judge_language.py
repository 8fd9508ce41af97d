"""No page of the sandbox shows a judge a Python repr, a snake_case identifier or a field path.

Every kind of sandbox page is rendered and its visible text scanned (text nodes, not attributes; <code>
spans are left out: the readings page quotes the scenario format's field names in them, and an error's
field path sits in a closed "Technical detail" for API users)."""
import json
import re
from html.parser import HTMLParser

import pytest

from .test_api import API, board, post

pytestmark = pytest.mark.django_db

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
REPR = re.compile(r"\{'|'\}|\[\{|\bNone\b|\bTrue\b|\bFalse\b|<function|\bAction\(|\w+\(\w+=")
FIELD_PATH = re.compile(r"\b\w+\[\d+\](\.\w+)?|\bscenario\.\w+|\bplayers\.")


class VisibleText(HTMLParser):
    SKIP = {"script", "style", "code", "textarea"}

    def __init__(self):
        super().__init__()
        self.depth, self.parts = 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def problems(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    text = " ".join(parser.parts)
    found = []
    for name, pattern in (("snake_case", SNAKE), ("repr", REPR), ("field path", FIELD_PATH)):
        found += [f"{name}: {m.group(0)!r} in …{text[max(0, m.start() - 60):m.end() + 40]!r}…"
                  for m in pattern.finditer(text)]
    return found


def test_the_scanner_finds_what_it_looks_for():
    assert problems("<p>call to front_left</p>") and problems("<p>{'expect': 'hit'}</p>")
    assert problems("<p>players[0].hand[1].grade: bad</p>") and not problems("<p><code>front_left</code> ok</p>")


def played_pages(client, sid, refused_action: dict) -> dict:
    """The pages of a scenario played into two branches with expectations run: the board, a player's view, the
    shared and player links, the comparison of the branches, a ruling, and ``refused_action`` answered."""
    body = client.get(f"{API}{sid}/").json()
    leaves = [b["leaf"] for b in body["branches"]]
    return {
        "started": f"/sandbox/{sid}/", "player view": f"/sandbox/{sid}/?view=p1",
        "shared": body["share_url"].split("testserver")[1],
        "player link": body["player_urls"]["p0"].split("testserver")[1],
        "compare": f"/sandbox/{sid}/compare/?a={leaves[0]}&b={leaves[1]}",
        "ruling": f"/sandbox/{sid}/ruling/{body['current']}/",
        "refused": ("POST", f"/sandbox/{sid}/play/", {"op": "answer", "action": json.dumps(refused_action)}),
    }


def pages_with_problems(client, pages: dict) -> dict[str, list[str]]:
    """Page kind -> the first problems its page shows, for each of ``pages`` (GET paths, or ("POST", path, data))
    that shows any; each must answer 200, 400 or 409."""
    found = {}
    for kind, target in pages.items():
        response = client.post(target[1], target[2]) if isinstance(target, tuple) else client.get(target)
        assert response.status_code in (200, 400, 409), (kind, response.status_code)
        bad = problems(response.content.decode())
        if bad:
            found[kind] = bad[:6]
    return found


def every_page_kind(client) -> dict[str, str]:
    pages = {"index": "/sandbox/", "readings": "/sandbox/assumptions/", "example": "/sandbox/examples/playbook-q17/"}
    draft = client.post("/sandbox/new/")["Location"]
    client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "vanguard", "line": "G3 13000 twin"})
    pages["draft"] = draft
    pages["draft with an error"] = ("POST", draft + "build/", {"op": "add", "player": "0", "zone": "vanguard",
                                                               "template": "grade1"})
    pages["start refused"] = ("POST", draft + "build/", {"op": "start"})
    data = board()
    data["players"][0]["hand"] = [{"id": "a-h3", "name": "Big", "grade": 3, "power": 13000}]
    created = post(client, API, {"scenario": data, "question": "Does the guard stop it?",
                                 "expectations": [{"expect": "hit", "equals": True},
                                                  {"expect": "damage", "player": 1, "count": 1}]}).json()
    sid = created["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    for action in ({"kind": "attack", "card": "a-vg"}, {"kind": "target", "card": "b-vg"}):
        post(client, f"{API}{sid}/answer/", {"action": action})
    point = client.get(f"{API}{sid}/").json()["current"]
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "boost", "card": "a-bc"}})
    post(client, f"{API}{sid}/undo/", {"node": point})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_add_modifier", "card": "a-vg", "stat": "power",
                                                    "amount": 5000, "duration": "end_of_battle"}, "then": "none"})
    client.post(f"/sandbox/{sid}/expect/", {"op": "run"})
    pages.update(played_pages(client, sid, {"kind": "guard", "card": "a-h3"}))
    pages.update({
        "import error": ("POST", "/sandbox/import/", {"json": json.dumps({"format": "judgeapp-scenario/1",
                                                                           "players": [{"field": {}}, {}]})}),
    })
    return pages


def test_no_sandbox_page_shows_a_repr_a_snake_case_identifier_or_a_field_path(client):
    found = pages_with_problems(client, every_page_kind(client))
    assert not found, "\n".join(f"{kind}: {'; '.join(bad)}" for kind, bad in found.items())
