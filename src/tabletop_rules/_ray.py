"""The Ray backend of :func:`~tabletop_rules.simulate`: connecting to Ray and running tasks on it.

Ray is an optional dependency (``pip install 'tabletop-rules[ray]'``): it is imported when a
function here is called, never when ``tabletop_rules`` is.
"""

from __future__ import annotations

import itertools
import logging
import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TypeVar

R = TypeVar("R")

INSTALL = "pip install 'tabletop-rules[ray]'"

CONNECT_TIMEOUT = 30.0
"""Seconds :func:`connected` waits for a Ray cluster to answer before it gives up (Ray itself
retries for minutes)."""


def _host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port of ``HOST:PORT`` or ``ray://HOST:PORT``; ``None`` for ``auto`` and
    other forms Ray resolves itself."""
    rest = address.removeprefix("ray://")
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def _reachable(address: str, timeout: float) -> None:
    """Raise a ``ConnectionError`` if nothing accepts a TCP connection at ``address``."""
    found = _host_and_port(address)
    if found is None:
        return
    try:
        with socket.create_connection(found, timeout=timeout):
            pass
    except OSError as exc:
        raise ConnectionError(
            f"nothing answers there ({exc}): start a cluster with 'ray start --head', or check"
            " the address"
        ) from None


def _init_within(ray: ModuleType, address: str, timeout: float) -> None:
    """``ray.init(address=...)``, or a ``ConnectionError`` once ``timeout`` seconds have passed
    (Ray's own retries are left to run out in the background)."""
    outcome: list[BaseException | None] = []

    def connect() -> None:
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        except BaseException as exc:  # handed to the caller's thread below
            outcome.append(exc)
        else:
            outcome.append(None)

    worker = threading.Thread(target=connect, name="tabletop-ray-connect", daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        raise ConnectionError(
            f"no answer within {timeout:g} s: is it a Ray head node (ray start --head), and"
            " does this machine have its token (RAY_AUTH_MODE=token and RAY_AUTH_TOKEN) if it"
            " asks for one?"
        )
    failure = outcome[0]
    if failure is not None:
        raise failure


def import_ray() -> ModuleType:
    """The ``ray`` module, or an ``ImportError`` that says how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ImportError(f"backend 'ray' needs Ray, which is not installed: {INSTALL}") from exc
    return ray


@contextmanager
def connected(
    jobs: int | None, address: str | None, timeout: float = CONNECT_TIMEOUT
) -> Iterator[int]:
    """Be connected to Ray inside the block, and give the cluster's CPUs.

    An existing connection of this process (``ray.init`` already called) is used and left open;
    otherwise ``address`` is connected to (``None``: the ``RAY_ADDRESS`` environment variable's
    cluster, or else a new local instance with ``jobs`` CPUs, all of the machine's if ``None``),
    and shut down at the end of the block. The workers' output is not sent to this process (it
    would mix with a summary written to standard output); a task's error still is.

    A cluster that cannot be reached fails fast: an address where nothing accepts a connection
    at once, one that does not answer as Ray within ``timeout`` seconds, with a
    ``ConnectionError`` that says what to check.
    """
    ray = import_ray()
    started = False
    if ray.is_initialized():
        if address is not None:
            raise ValueError(
                "this process is already connected to Ray: leave address out to use that"
                " connection, or call ray.shutdown() first"
            )
    elif address is None and not os.environ.get("RAY_ADDRESS"):
        ray.init(
            address="local",
            num_cpus=jobs,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.WARNING,
        )
        started = True
    else:
        where = address if address is not None else os.environ["RAY_ADDRESS"]
        try:
            _reachable(where, timeout)
            _init_within(ray, where, timeout)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ConnectionError(f"cannot connect to the Ray cluster at {where!r}: {exc}") from exc
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        yield max(1, cpus)
    finally:
        if started:
            ray.shutdown()


def run_tasks(
    function: Callable[..., R],
    arguments: Sequence[tuple[Any, ...]],
    *,
    limit: int,
    finished: Callable[[int, R], None],
) -> None:
    """Run ``function(*arguments[i])`` for every ``i`` as Ray tasks, at most ``limit`` at once,
    and call ``finished(i, result)`` as each one finishes (in the order they finish).

    ``function`` must be importable by name in the workers (a module-level function of an
    installed package): Ray ships a reference to it, not its code. A task's error is raised here
    as the exception the task raised (Ray's report of it as its ``__cause__``), and the tasks
    still running are cancelled.
    """
    ray = import_ray()
    remote = ray.remote(function)
    queue = iter(enumerate(arguments))
    pending: dict[Any, int] = {}
    for index, args in itertools.islice(queue, max(1, limit)):
        pending[remote.remote(*args)] = index
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                index = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    # The task's own exception, as a worker process would raise it, with Ray's
                    # report (the remote traceback) as its cause.
                    cause = getattr(exc, "cause", None)
                    if isinstance(cause, Exception):
                        raise cause from exc
                    raise
                finished(index, result)
                following = next(queue, None)
                if following is not None:
                    pending[remote.remote(*following[1])] = following[0]
    finally:
        for ref in pending:
            ray.cancel(ref)
