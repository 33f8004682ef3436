#!/usr/bin/env python3
"""Render the nginx templates beside this file: fill in the names, paths and ports of one host. Standard library only.

    python3 deploy/nginx/render.py OUT_DIR --server-name referee.example.org \
        --certificate /etc/letsencrypt/live/referee.example.org/fullchain.pem \
        --certificate-key /etc/letsencrypt/live/referee.example.org/privkey.pem \
        [--upstream 127.0.0.1:8080 --upstream 127.0.0.1:8081 ...]

writes OUT_DIR/mahjong-referee.conf (the site, for nginx's http block), OUT_DIR/nginx.conf (a whole configuration
that includes it, for `nginx -c`) and OUT_DIR/errors/_front-server-error.html (the page of nginx's own errors).
"""

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{\{ (\w+) \}\}")
ERROR_PAGE = "_front-server-error.html"


def fill(template, values):
    """Replace every {{ name }}; a name without a value is an error, so no placeholder reaches nginx."""
    missing = sorted(set(PLACEHOLDER.findall(template)) - set(values))
    if missing:
        raise KeyError(f"no value for {', '.join(missing)}")
    return PLACEHOLDER.sub(lambda match: str(values[match.group(1)]), template)


def upstream_lines(addresses):
    """nginx's `server` lines of the upstream block, one per waitress process; at least one, none repeated."""
    addresses = [str(address) for address in addresses]
    if not addresses or len(set(addresses)) != len(addresses):
        raise ValueError(f"give each waitress address once, at least one: {addresses}")
    return "\n".join(f"    server {address};" for address in addresses)


def render(
    out_dir,
    *,
    server_name,
    certificate,
    certificate_key,
    upstream=("127.0.0.1:8080",),
    https_listen="443",
    http_listen="80",
    public_host=None,
    daemon="on",
    user="www-data",
    mime_types="/etc/nginx/mime.types",
    run_dir=None,
):
    """Write the three files into out_dir; return the path of the whole configuration (nginx.conf).

    `upstream`: the address of each waitress process (one per CPU core; a single address is taken too);
    `public_host` is the host (and port, when not 443) that redirects to HTTPS name; `run_dir` holds the pid file,
    logs and temporary files of a standalone run (default: out_dir/run).
    """
    out_dir = Path(out_dir).resolve()
    run_dir = Path(run_dir or out_dir / "run").resolve()
    (out_dir / "errors").mkdir(parents=True, exist_ok=True)
    (run_dir / "temp").mkdir(parents=True, exist_ok=True)
    site = out_dir / "mahjong-referee.conf"
    site.write_text(
        fill(
            (HERE / "mahjong-referee.conf").read_text(),
            {
                "server_name": server_name,
                "certificate": Path(certificate).resolve(),
                "certificate_key": Path(certificate_key).resolve(),
                "upstream_servers": upstream_lines([upstream] if isinstance(upstream, str) else upstream),
                "https_listen": https_listen,
                "http_listen": http_listen,
                "public_host": public_host or server_name,
                "error_root": out_dir / "errors",
            },
        )
    )
    (out_dir / "errors" / ERROR_PAGE).write_text((HERE / "error.html").read_text())
    whole = out_dir / "nginx.conf"
    whole.write_text(
        fill(
            (HERE / "nginx.conf").read_text(),
            {
                "user": f"user {user};" if user else "",
                "pid_file": run_dir / "nginx.pid",
                "error_log": run_dir / "error.log",
                "access_log": run_dir / "access.log",
                "daemon": daemon,
                "mime_types": mime_types,
                "temp_dir": run_dir / "temp",
                "site": site,
            },
        )
    )
    return whole


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--server-name", required=True, help="the public host name, e.g. referee.example.org")
    parser.add_argument("--certificate", required=True, help="the certificate chain (PEM)")
    parser.add_argument("--certificate-key", required=True, help="its private key (PEM)")
    parser.add_argument(
        "--upstream",
        action="append",
        help="where a waitress process listens; once per process (default 127.0.0.1:8080)",
    )
    parser.add_argument("--https-listen", default="443", help="nginx's HTTPS address or port (default %(default)s)")
    parser.add_argument("--http-listen", default="80", help="nginx's plain HTTP address or port (default %(default)s)")
    parser.add_argument("--user", default="www-data", help="the user of nginx's workers (default %(default)s)")
    args = parser.parse_args(argv)
    whole = render(
        args.out_dir,
        server_name=args.server_name,
        certificate=args.certificate,
        certificate_key=args.certificate_key,
        upstream=args.upstream or ["127.0.0.1:8080"],
        https_listen=args.https_listen,
        http_listen=args.http_listen,
        user=args.user,
    )
    print(f"wrote {whole.parent / 'mahjong-referee.conf'} and {whole}")


if __name__ == "__main__":
    sys.exit(main())
