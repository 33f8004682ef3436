"""The one way the test helpers and benchmarks pick a port for a server they start."""

import socket


def free_port():
    """A loopback port nothing listens on now (the OS's pick; the caller's server binds it next)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
