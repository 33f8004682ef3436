"""Invitation links and their QR codes: the secret rides in the URL fragment, so it never reaches a server log."""

import segno
from flask import current_app, request


def invite_link(invite_id, secret, lang):
    """`<origin>/<lang>/join#<invite-id>.<secret>`; PUBLIC_URL names the origin behind a proxy."""
    origin = (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")
    return f"{origin}/{lang}/join#{invite_id}.{secret}"


def qr_code(link):
    """The link as a QR code in SVG, as markup and as a data: URL for an <img> (the CSP allows data: images)."""
    code = segno.make(link, error="m")
    return {"svg": code.svg_inline(scale=4, border=2), "data_url": code.svg_data_uri(scale=4, border=2)}


def split_invite(token):
    """`<invite-id>.<secret>` as the join page reads it from the fragment; (None, None) when it is not that."""
    if not isinstance(token, str) or token.count(".") != 1 or len(token) > 200:
        return None, None
    invite_id, secret = token.split(".")
    return (invite_id, secret) if invite_id and secret else (None, None)
