"""A JupyterLab server for the browser tests: on a free port of 127.0.0.1, no token, stopped on exit."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent


def isolated_env(home: Path) -> dict:
    """The environment for a test's JupyterLab: its config, data, runtime, settings and workspaces under
    ``home`` (nothing of the user's own), and the checkout on ``PYTHONPATH`` so its kernel imports this
    bookeval_lib."""
    return {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"), "PYTHONPATH": str(ROOT)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def jupyterlab_server(root: Path, env: dict, extra_args: tuple[str, ...] = ()) -> Iterator[str]:
    """Yield the URL of JupyterLab serving ``root``; fail the test if it does not answer within 60 s."""
    port = free_port()
    log = tempfile.TemporaryFile(mode="w+")       # a file, not a pipe: a server's log never fills a buffer
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
         "--IdentityProvider.token=", f"--ServerApp.root_dir={root}", *extra_args],
        env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=log, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    log.seek(0)
                    pytest.fail(f"JupyterLab did not start: {log.read()[-2000:]}")
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not answer within 60 s")
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def every_cell_lab_args(folder: Path) -> tuple[str, ...]:
    """Arguments for :func:`jupyterlab_server` that make its notebooks render every cell (``windowingMode:
    none``: JupyterLab's default draws only the cells near the screen, so a test reading a cell far down the
    page would find it empty), keep its workspaces in ``folder`` and expose the app to the page's scripts."""
    settings = folder / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}', encoding="utf-8")
    return ("--ServerApp.password=", f"--LabApp.user_settings_dir={folder / 'settings'}",
            f"--LabApp.workspaces_dir={folder / 'ws'}", "--LabApp.expose_app_in_browser=True")
