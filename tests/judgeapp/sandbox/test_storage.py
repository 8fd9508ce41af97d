"""The database's size, read for the sandbox's site-wide storage bound (judgeapp/sandbox/storage.py)."""
from django.db import connection

from judgeapp.sandbox import storage


def test_the_size_of_a_sqlite_database_is_its_file_and_its_log_read_again_after_a_while(tmp_path, monkeypatch):
    database = tmp_path / "db.sqlite3"
    database.write_bytes(b"x" * 4096)
    (tmp_path / "db.sqlite3-wal").write_bytes(b"x" * 1000)
    monkeypatch.setitem(connection.settings_dict, "NAME", str(database))
    storage.forget()
    assert storage.database_bytes() == 5096
    database.write_bytes(b"x" * 8192)
    assert storage.database_bytes() == 5096  # kept for a few seconds: read at every new point
    storage.forget()
    assert storage.database_bytes() == 9192
    storage.forget()
