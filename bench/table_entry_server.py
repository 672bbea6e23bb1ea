"""The table-entry benchmark's processes: its throwaway database and its server (gunicorn or granian).

Each database runs in its own process (Django reads ``DATABASE_URL`` once, at set-up):
``environment`` points this process and the gunicorn it starts at the database and a
temporary static root.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_SERVER = ("127.0.0.1", 5432)
# Another name (BENCH_TABLE_ENTRY_PG_NAME) lets several checkouts run this at once.
POSTGRES_NAME = os.environ.get("BENCH_TABLE_ENTRY_PG_NAME", "bench_table_entry")
POSTGRES_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


# --- The server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


SERVERS = ("gunicorn", "granian")
DEFAULT_SERVER = "granian"  # production's (README, "Production"); the older benches keep gunicorn


def server_command(
    kind: str, port: int, workers: int, threads: int, root: Path = ROOT, extra: tuple[str, ...] = ()
) -> list[str]:
    """The command that serves ``root``'s site on ``port``: gunicorn's gthread workers, or granian's
    (Rust's HTTP, the same WSGI application in ``threads`` blocking threads a worker:
    docs/decisions.md, "The HTTP server")."""
    if kind == "granian":
        command = [sys.executable, "-m", "granian", "clubscore.wsgi:application", "--interface", "wsgi"]
        command += ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
        command += ["--blocking-threads", str(threads), "--http", "1", "--no-ws", "--working-dir", str(root)]
        command += ["--log-level", "warning", "--workers-kill-timeout", "5", "--respawn-failed-workers"]
        return command + list(extra)
    if kind != "gunicorn":
        raise ValueError(f"no such server: {kind} (one of {', '.join(SERVERS)})")
    command = [sys.executable, "-m", "gunicorn", "clubscore.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers), "--threads", str(threads), "--chdir", str(root)]
    return command + ["--graceful-timeout", "5", "--timeout", "60", "--log-level", "warning", *extra]


def serve(
    port: int,
    workers: int,
    threads: int,
    log: Path,
    env: dict[str, str] | None = None,
    extra: tuple[str, ...] = (),
    *,
    kind: str = "gunicorn",
    root: Path = ROOT,
) -> subprocess.Popen:
    """Start ``kind`` (gunicorn or granian) on ``port``, its output to ``log``, in this process's
    environment or ``env`` (``extra``: more of the server's options; ``root``: the checkout served)."""
    command = server_command(kind, port, workers, threads, root, extra)
    with log.open("wb") as output:
        return subprocess.Popen(
            command, stdout=output, stderr=subprocess.STDOUT, env=env or os.environ.copy()
        )


def wait_until_up(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited ({server.returncode}):\n{log.read_text()[-3000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/table/scores.json")
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within 60 s:\n{log.read_text()[-3000:]}")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# --- One database, in its own process --------------------------------------------------------------


def postgres_up() -> str:
    """Return why PostgreSQL cannot be used, or '' when it answers."""
    try:
        with socket.create_connection(POSTGRES_SERVER, timeout=2):
            pass
    except OSError as error:
        return f"no server at {POSTGRES_SERVER[0]}:{POSTGRES_SERVER[1]} ({error})"
    try:
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True, connect_timeout=5):
            pass
    except Exception as error:
        return f"cannot connect as postgres ({error})"
    return ""


def postgres_database(create: bool) -> None:
    import psycopg

    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {POSTGRES_NAME} WITH (FORCE)")
        if create:
            connection.execute(f"CREATE DATABASE {POSTGRES_NAME}")


def drop_postgres() -> None:
    """Close this process's connections (if Django got that far), then drop the database."""
    from django.conf import settings

    if settings.configured:
        from django.db import connections

        connections.close_all()
    postgres_database(create=False)


def environment(database: str, directory: Path, conn_max_age: int) -> None:
    """Point this process (and the gunicorn it starts) at the throwaway database and static root."""
    if database == "sqlite":
        url = f"sqlite:///{directory}/bench.sqlite3"
    else:
        url = f"postgres://postgres@127.0.0.1:5432/{POSTGRES_NAME}"
    # DEBUG is off as in production, so static files need their manifest: collect them
    # into the temporary directory through a settings module that says so.
    (directory / "bench_table_entry_settings.py").write_text(
        f"from clubscore.settings import *  # noqa: F403\n\nSTATIC_ROOT = {str(directory / 'static')!r}\n"
    )
    os.environ.update(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": "bench-only-key-" + "x" * 40,
            "DJANGO_SETTINGS_MODULE": "bench_table_entry_settings",
            "DEBUG": "0",
            "SECURE_COOKIES": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CONN_MAX_AGE": str(conn_max_age),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": os.pathsep.join([str(directory), str(ROOT)]),
        }
    )
    sys.path.insert(0, str(directory))
