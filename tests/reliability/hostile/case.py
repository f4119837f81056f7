"""One hostile input: the command line, what its one error line must say, and what the
case may need besides the shared folder (standard input, an environment, a deadline)."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Case:
    group: str  # the area and what is tried, for the test id ("trace-op-code")
    argv: tuple[str, ...]
    match: str  # a piece of the one error line (empty: any line)
    stdin: str = "/dev/null"  # a path in the folder or a device
    timeout: float = 30.0  # seconds before the case counts as hung
    code: int = 2  # the exit code expected (2: a clear refusal)
    env: tuple[tuple[str, str], ...] = ()  # variables for this case; "{folder}": the folder

    @staticmethod
    def of(group: str, *argv: str, match: str = "", **options: object) -> Case:
        return Case(group, tuple(argv), match, **options)  # type: ignore[arg-type]
