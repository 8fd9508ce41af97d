"""Django's SQLite backend with its write transactions queued (judgeapp/write_queue.py)."""
