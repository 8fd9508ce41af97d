"""The command-line interface: formats are an interface other tools rely on."""
import io

import pytest
from django.core.management import CommandError, call_command

from rulesdb.models import Clause, Document

pytestmark = pytest.mark.django_db


def _run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_export_clauses_format():
    rows = _run("export_clauses", "vg-cr-it-2.2").splitlines()
    assert rows[0] == "id\tnumber\tparent\tkind\ttitle\ttext"
    assert rows[1] == "1\t1\t\tsection\tProfilo del gioco\t"
    assert all(row.count("\t") == 5 for row in rows)
    by_id = {row.split("\t")[0]: row.split("\t") for row in rows[1:]}
    assert by_id["1.2.2.1"][1:4] == ["1.2.2.1", "1.2.2", "rule"]
    assert "\\n\\nPER ESEMPIO" in by_id["12.4.2"][5]
    # A misprinted number is exported as printed, under the heading it is printed under; its id is its address.
    assert by_id["11.6.1"][1:4] == ["11.5.1", "11.6", "rule"]
    assert by_id["11.1.1"][1:4] == ["11.2.1", "11.1", "rule"]
    assert len(rows) - 1 == Clause.objects.filter(document__slug="vg-cr-it-2.2").count()


def test_export_clauses_altered_and_playbook_numbers():
    altered = {row.split("\t")[1] for row in _run("export_clauses", "altered-cr-it").splitlines()[1:]}
    assert "1.1.4.g" in altered
    playbook = [row.split("\t") for row in _run("export_clauses", "vg-playbook-it-3.00").splitlines()[1:]]
    assert [r[1] for r in playbook if r[3] == "qa"] == [f"Q{n:02d}" for n in range(1, 41)]


def test_export_references_format():
    rows = _run("export_references", "vg-cr-it-2.2").splitlines()
    assert rows[0] == "source_id\tsource_number\traw\ttarget_number\tresolved_id"
    cells = [row.split("\t") for row in rows[1:]]
    assert all(len(c) == 5 for c in cells)
    assert ["7.5.1.3", "7.5.1.3", "torna al 7.1.5.2.", "7.1.5.2", ""] in cells
    assert ["1.2.2", "1.2.2", "(sezione 3.5)", "3.5", "3.5"] in cells


def test_lint_reports_counts_and_anomalies_with_lines():
    out = _run("lint_rules", "vg-cr-it-2.2")
    assert "kind\trule\t738" in out and "kind\tsection\t13" in out
    assert "depth\t7\t6" in out
    assert "duplicate\t11.5.1\tline 1537\talso printed at line 1533" in out
    assert "out-of-order\t4.6.7\tline 1415\tprinted after 10.24.1" in out
    assert "misprinted-number\t11.2.1\tline 1519\tprinted under 11.1 Supporto; its address there is 11.1.1" in out
    assert ("misdirected-reference\t2.10.1.1\tline 328\t'(sezione 11.4.)' points at 11.4, but the keyword it "
            "quotes is under 11.1 Supporto: linked there") in out
    assert "missing-parent\t11.30.1" not in out  # its heading, printed 10.30 inside section 11, is filed as 11.30
    assert "gap\t11.19\tline 1648\tmissing 11.17, 11.18" in out
    assert "dangling-reference\t7.5.1.3\tline 998" in out
    assert "lost 0" in out
    assert "lost-list" not in out  # every list this document announces follows it


def test_lint_rules_lists_the_lists_an_extraction_lost():
    out = _run("lint_rules", "altered-cr-it")
    # "... se le tre seguenti condizioni sono vere:", then 4.2.5.a: the three conditions are not in the source.
    assert "lost-list\t4.2.4.h\tline 415\tannounces a list, and nothing under or beside it follows" in out
    # 2.3.2.c ends with a colon, and its list is 2.3.2.d, 2.3.2.e, beside it: not lost.
    assert "lost-list\t2.3.2.c\t" not in out
    assert out.count("lost-list\t") == 8


def test_commands_name_unknown_document():
    for command in ("export_clauses", "export_references", "lint_rules"):
        with pytest.raises(CommandError, match="no document “nope”"):
            _run(command, "nope")


def test_load_rules_file_imports_new_version(tmp_path):
    source = tmp_path / "vg-new.txt"
    source.write_text("Sezione 1: Profilo\n\n1.1. Numero\n\n- 1.1.1. Due giocatori (sezione 1.2).\n", encoding="utf-8")
    out = _run("load_rules", "--file", str(source), "--slug", "vg-cr-it-9.9", "--game", "vanguard",
               "--language", "it", "--version", "9.9", "--kind", "cr")
    assert "vg-cr-it-9.9: 3 clauses" in out
    document = Document.objects.get(slug="vg-cr-it-9.9")
    assert (document.version, document.series) == ("9.9", "vg-cr-it")


def test_load_rules_file_error_names_the_line(tmp_path):
    source = tmp_path / "latin1.txt"
    source.write_bytes("Sezione 1: Profilo\n1.1. Città\n".encode("latin-1"))
    count = Clause.objects.count()
    with pytest.raises(CommandError, match=r"latin1.txt:2: not valid UTF-8"):
        _run("load_rules", "--file", str(source), "--slug", "x-1", "--game", "vanguard", "--language", "it", "--kind", "cr")
    assert Clause.objects.count() == count


def test_load_rules_refuses_50_megabytes(tmp_path):
    source = tmp_path / "huge.txt"
    with open(source, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    with pytest.raises(CommandError, match="50.0 MB; the limit is"):
        _run("load_rules", "--file", str(source), "--slug", "x-2", "--game", "vanguard", "--language", "it", "--kind", "cr")
    assert not Document.objects.filter(slug="x-2").exists()


def test_load_rules_file_needs_metadata(tmp_path):
    with pytest.raises(CommandError, match="--file needs --slug"):
        _run("load_rules", "--file", str(tmp_path / "x.txt"))


# --- Exports end quietly when their reader stops reading --------------------------------------

_LONG_EXPORT = """
import django, os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "judgeapp.settings.test"
django.setup()
from rulesdb.management.commands._export import ExportCommand

class Command(ExportCommand):
    def handle(self, *args, **options):
        for n in range(200_000):
            self.stdout.write(f"row {n}\\tcell\\tcell")

Command().run_from_argv(["manage.py", "export_test"])
"""


def test_an_export_piped_into_a_closed_pipe_ends_quietly(tmp_path):
    """`export_clauses SLUG | head`: the reader closes the pipe; no traceback, status 0."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, "-c", _LONG_EXPORT], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**__import__("os").environ, "JUDGEAPP_VAR_DIR": str(tmp_path)},
    )
    first = process.stdout.readline()
    process.stdout.close()  # what `head` does once it has its lines
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0 and first.startswith(b"row 0")
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr and stderr == ""


@pytest.mark.parametrize("name", ["export_clauses", "export_references", "export_alignment", "export_changes", "lint_rules"])
def test_every_export_command_ends_quietly_when_its_output_is_closed(name):
    from importlib import import_module

    from rulesdb.management.commands._export import ExportCommand

    assert issubclass(import_module(f"rulesdb.management.commands.{name}").Command, ExportCommand)
