"""Is a Dask scheduler at this address? Asked when the options are checked, before any work.

The scheduler speaks first, a frame of a few hundred bytes; silence for HANDSHAKE seconds, a
closed connection or a frame no scheduler sends is one line naming the address. Asked
before a search prepares (a split digits search builds its tables and compiles its kernels
first, a minute on a cold cache), so a mistyped address costs a second, not the preparation;
and without importing Dask (a second and a half), which only a run that reaches the
scheduler needs. The Dask engine asks again as it connects (a library caller comes that way).
"""

from __future__ import annotations

import socket
import struct
import time

from puzzleviz.solvers.split.parts import SplitError

__all__ = ["CONNECT_TIMEOUT", "HANDSHAKE", "probe"]

CONNECT_TIMEOUT = 5  # seconds to reach a scheduler before saying there is none
HANDSHAKE = 10  # seconds for a scheduler to speak once connected
FIRST_FRAME = 1 << 20  # bytes: a scheduler's handshake is far smaller


def probe(address: str) -> None:
    """Refuse, in one line, a tcp:// address where no Dask scheduler answers: nothing
    listening, no answer within HANDSHAKE seconds, or a first frame no scheduler sends."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    host = host.strip("[]")
    try:
        with _connected(host, int(port)) as sock:
            sock.settimeout(HANDSHAKE)
            head = b""
            while len(head) < 8:
                more = sock.recv(8 - len(head))
                if not more:
                    raise SplitError(
                        f"{address} closed the connection without answering as a Dask "
                        "scheduler would"
                    )
                head += more
    except TimeoutError:
        raise SplitError(
            f"{address} accepted the connection but said nothing for {HANDSHAKE} s: "
            "not a Dask scheduler (a web server waits to be asked first), or a stuck one"
        ) from None
    except OSError as exc:
        raise SplitError(f"no Dask scheduler at {address}: {exc.strerror or exc}") from None
    (size,) = struct.unpack("Q", head)
    if not 0 < size <= FIRST_FRAME:
        text = head.decode("latin-1")
        shown = text if head.isascii() and text.isprintable() else head.hex()
        raise SplitError(f"{address} is not a Dask scheduler (it answered {shown!r}...)")


def _connected(host: str, port: int) -> socket.socket:
    """A connection to host:port, tried again until CONNECT_TIMEOUT is spent, as Dask's
    client does: a scheduler started a moment ago may not listen yet."""
    deadline = time.monotonic() + CONNECT_TIMEOUT
    while True:
        left = deadline - time.monotonic()
        try:
            return socket.create_connection((host, port), timeout=max(left, 0.1))
        except TimeoutError:
            raise OSError(f"no answer within {CONNECT_TIMEOUT} s") from None
        except OSError:
            if left <= 0.2:
                raise
            time.sleep(0.1)
