"""Children that are signalled by a test must hear SIGINT.

A test run started in the background of a non-interactive shell (`make test &`, nohup, some
CI runners) inherits SIGINT ignored, and a Python child started with SIGINT ignored keeps it
ignored: it would never see the Ctrl-C the test sends. Passed as `preexec_fn`, this gives
the child the default disposition back, so Python installs its KeyboardInterrupt handler.
"""

from __future__ import annotations

import signal


def hear_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
