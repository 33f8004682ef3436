"""The production server: waitress, with the app's security headers on the answers waitress gives by itself.

    python -m webapp.web.serve [waitress-serve's options] --call webapp:create_app

Waitress answers a bad request line (400), headers over its limit (431) and the like on its own, before any WSGI
code runs, so no middleware can add headers to them; this command takes waitress-serve's options as they are and
serves with an error task that adds them (nosniff, no framing, a policy that allows nothing). Behind nginx the same
holds for what reaches waitress; nginx's own errors get the headers from its configuration.
"""

import sys

from waitress import serve
from waitress.channel import HTTPChannel
from waitress.runner import run
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

from .security import BARE_ERROR_POLICY, document_headers

ERROR_HEADERS = list(document_headers(BARE_ERROR_POLICY).items())


class HeaderedErrorTask(ErrorTask):
    """Waitress's own error answer, with the security headers."""

    def execute(self):
        self.response_headers.extend(ERROR_HEADERS)  # before the body is written, which sends the headers
        super().execute()


class HeaderedChannel(HTTPChannel):
    error_task_class = HeaderedErrorTask


def create_headered_server(app, **adjustments):
    """waitress.create_server, with every listening socket's connections using the headered error task."""
    sockets = {}
    server = create_server(app, map=sockets, **adjustments)
    for dispatcher in list(sockets.values()):
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = HeaderedChannel
    return server


def serve_headered(app, **adjustments):
    serve(app, _server=create_headered_server, **adjustments)


def main(argv=None):
    return run(argv or ["python -m webapp.web.serve", *sys.argv[1:]], _serve=serve_headered)


if __name__ == "__main__":
    sys.exit(main())
