"""The SQLite backend's files: readable and writable by their owner only, new or made before."""
import os
import sqlite3
import stat

from judgeapp.sqlite_backend.base import sqlite_files_private


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_database_and_its_wal_files_are_the_owners_only(tmp_path):
    path = tmp_path / "new.sqlite3"
    old = os.umask(0o022)  # what a shell usually has: new files readable by everyone
    try:
        sqlite_files_private(path)
        connection = sqlite3.connect(path)
    finally:
        os.umask(old)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    files = [path, tmp_path / "new.sqlite3-wal", tmp_path / "new.sqlite3-shm"]
    assert all(f.exists() for f in files)
    assert [_mode(f) for f in files] == [0o600] * 3
    connection.close()


def test_a_database_made_readable_by_others_is_narrowed(tmp_path):
    path = tmp_path / "old.sqlite3"
    for name in (path, tmp_path / "old.sqlite3-wal"):
        name.write_bytes(b"")
        os.chmod(name, 0o644)
    sqlite_files_private(path)
    assert _mode(path) == 0o600 and _mode(tmp_path / "old.sqlite3-wal") == 0o600
    assert not (tmp_path / "old.sqlite3-shm").exists()
