"""Run games as Ray tasks, on a local Ray instance or a cluster (``ray.init(address=...)``).

Batches of seeds are submitted with a bounded number in flight and collected in submission order,
so records come back in the same order as the local back end gives them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Sequence
from typing import Any

from inferno.sim.game import SimConfig, play_batch
from inferno.sim.record import GameSummary


def ray_results(
    cfg: SimConfig, seeds: Sequence[int], address: str | None, batch: int, num_cpus: int | None = None
) -> Generator[GameSummary, None, None]:
    """Yield the records of ``seeds`` in order. Uses the running Ray instance if there is one;
    otherwise connects to ``address`` (or starts a local instance with ``num_cpus``) and shuts it
    down afterwards. Every Ray node needs ``inferno-game`` installed."""
    import ray

    own = not ray.is_initialized()
    if own:
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None and num_cpus is not None:
            kwargs["num_cpus"] = num_cpus
        ray.init(address=address, **kwargs)
    try:
        task = ray.remote(play_batch)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        batches = iter([list(seeds[i : i + batch]) for i in range(0, len(seeds), batch)])
        in_flight: deque[Any] = deque()
        for b in batches:
            in_flight.append(task.remote(cfg, b))
            if len(in_flight) >= 2 * cpus:
                break
        while in_flight:
            done: list[GameSummary] = ray.get(in_flight.popleft())
            nxt = next(batches, None)
            if nxt is not None:
                in_flight.append(task.remote(cfg, nxt))
            yield from done
    finally:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        if own:
            ray.shutdown()
