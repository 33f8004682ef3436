"""Strings of the event screen and the join page (sync with the event's server), handed to the client in the page."""

from flask_babel import gettext as _
from flask_babel import ngettext

from .plural import plural


def unreadable_text():
    """One message for every code of the text rule (webapp/events/text_rule.py)."""
    return _(
        "This text has characters that cannot be shown as typed (control, direction or invisible characters). "
        "Retype it."
    )


def sync_strings():
    """The event screen's strings, keyed by a stable id; problems and refusals by the API's or the service's code."""
    return {
        "title": _("Event"),
        "off": _("This copy of the app has no server: events cannot be shared from it."),
        "create_heading": _("Create an event"),
        "create_intro": _("You become its head referee and can invite the other referees."),
        "name": _("Event name"),
        "ruleset": _("Ruleset"),
        "starts_on": _("First day"),
        "ends_on": _("Last day"),
        "sessions": _("Sessions, one per line (optional)"),
        "display_name": _("Your name, as the other referees see it"),
        "create": _("Create the event"),
        "join_hint": _("To join an event, open the invitation link or scan its QR code."),
        "join_heading": _("Join an event"),
        "join": _("Join"),
        "join_missing": _("This invitation link is incomplete. Ask the head referee for a new one."),
        "role": _("Your role:"),
        "roles": {"head": _("head referee"), "referee": _("referee"), "viewer": _("viewer")},
        "waiting": _("Waiting to be sent:"),
        "last_sync": _("Last synced:"),
        "never": _("never"),
        "sync_now": _("Sync now"),
        "syncing": _("Syncing…"),
        "synced": _("Synced."),
        "shared_note": _(
            "This is now your current event: the incidents you record in it and its roster are shared with its "
            "referees."
        ),
        "invite_heading": _("Invite"),
        # I18N: the event screen's buttons that bring one of its sections into view are grouped under this name
        "sections": _("Parts of this screen"),
        "share_heading": _("Share with other referees"),
        "invite_share_first": _("Share the event first, then invite referees and viewers with a link or a QR code."),
        "invite_head_only": _("Only the head referee of the event can invite."),
        "clock_no_ruleset": _("Choose a ruleset first: the clock hands the minutes late to its lateness ruling."),
        "choose_ruleset": _("Choose a ruleset"),
        "invite_referee": _("Invite a referee"),
        "invite_viewer": _("Invite a viewer"),
        "invite_link": _("Invitation link"),
        "invite_qr": _("QR code of the invitation link"),
        "invite_once": _("Shown only now: the server keeps no copy it could show again."),
        "invite_copy": _("Copy the link"),
        "invite_share": _("Share the link"),
        "invite_copied": _("Link copied."),
        "invite_copy_failed": _("This browser did not copy: select the link above and copy it."),
        "join_offer_referee": _(
            "You are invited to %(event)s as a referee: you will record incidents shared with the event."
        ),
        "join_offer_viewer": _("You are invited to %(event)s as a viewer: you will read its records, not change them."),
        "conflicts_heading": _("Edits to settle"),
        "conflicts_intro": _(
            "The same incident was changed on two phones. Choose the version to keep; both stay in the history."
        ),
        "keep": _("Keep this version"),
        "delete": _("Delete the incident"),
        "by": _("by %(name)s"),
        "deleted": _("deleted"),
        "duplicates_heading": _("Possibly the same person"),
        "duplicates_intro": _(
            "These names look alike. If they name one player, their incidents count together; both names stay in "
            "the history."
        ),
        "duplicate_pair": _("%(first)s and %(second)s"),
        "same_person": _("Same person"),
        "not_same_person": _("Not the same person"),
        "refused_heading": _("Not accepted by the server"),
        "refused_field": _("Field: %(field)s."),
        "discard": _("Discard my change"),
        "clock_off": _(
            "This phone's clock is more than five minutes off the server's. New incidents get the server's time."
        ),
        "leave": _("Leave this event on this phone"),
        # The head referee's view of the event (its first part on the head's phone).
        "ov_heading": _("The event now"),
        "ov_tables": _("Tables and their latest incidents"),
        "ov_table": _("At table %(table)s"),
        "ov_no_table": _("No table given"),
        "ov_last": _("last incident %(ago)s"),
        "ov_incident": _("%(ruling)s — %(player)s, %(ago)s"),
        "ov_none": _("No incident recorded in this event yet."),
        "ov_suspended": _("Suspended or banned"),
        "ov_nearly": _("One strike from a suspension or a ban"),
        "ov_next_suspension": _("one more strike suspends"),
        "ov_next_ban": _("one more strike bans"),
        "ov_earlier": plural(
            lambda n: ngettext(
                "%(count)s suspension from before", "%(count)s suspensions from before", n, count="%(count)s"
            )
        ),
        "ov_nobody": _("Nobody."),
        "ov_settle_title": _("To settle"),
        "ov_nothing_to_settle": _("Nothing to settle."),
        "ov_conflicts": plural(lambda n: ngettext("%(count)s conflict", "%(count)s conflicts", n, count="%(count)s")),
        "ov_duplicates": plural(
            lambda n: ngettext("%(count)s possible duplicate", "%(count)s possible duplicates", n, count="%(count)s")
        ),
        "ov_settle": _("Settle them"),
        "ov_devices": _("Phones and referees"),
        "ov_contact": _("last contact %(ago)s"),
        "ov_never": _("never heard from"),
        "ov_pending": plural(
            lambda n: ngettext("%(count)s change to send", "%(count)s changes to send", n, count="%(count)s")
        ),
        "ov_this_phone": _("this phone"),
        "ov_revoked": _("revoked"),
        "ov_revoke": _("Revoke"),
        "ov_confirm_revoke": _("Revoke %(name)s? That phone will no longer send or receive this event's records."),
        "ov_refused": _("The server refused: nothing was changed."),
        "ov_devices_said": _("As the server said it %(ago)s."),
        "ov_devices_kept": _("Not updated: the list as the server last said it, %(ago)s."),
        "ov_devices_unknown": _("The server has not listed the phones to this one yet: it will when online."),
        "ov_ask": _("Ask the server again"),
        "problems": {
            "offline": _("No connection to the server. Your records are kept and will be sent when it is back."),
            "server": _("The server did not answer. Your records are kept; try again later."),
            "busy": _("The server is busy. Your records are kept on this phone; it will try again by itself."),
            "full": _(
                "The server's storage is full. Your records are kept on this phone; it will try again by itself."
            ),
            "auth": _(
                "The server no longer accepts this phone for the event. Ask the head referee to invite you again."
            ),
            "storage": _("This phone could not read or save its data for syncing. Nothing was sent or lost."),
            "damaged": _("This phone's sync data is damaged and was set aside. See the log's data section."),
            "refused": _("The server refused the request. Nothing was lost on this phone."),
            "closed": _("This event is closed: the server takes nothing more. What waits here stays on this phone."),
            "newer": _("A newer version of the app saved the sync data. Reload to update."),
            "wait": _("The server asks this phone to wait a moment before trying again. Your records are kept."),
        },
        "errors": {
            "required": _("Required."),
            "invalid": _("Not valid."),
            "too_long": _("Too long."),
            "duplicate": _("Listed twice."),
            "unknown_ruleset": _("Not a ruleset the server knows."),
            "invite_invalid": _("This invitation is not valid."),
            "invite_revoked": _("This invitation was withdrawn."),
            "invite_expired": _("This invitation has expired."),
            "invite_used": _("This invitation has been used up."),
            "event_closed": _("This event is closed."),
            "rate_limited": _("Too many attempts. Wait a minute and try again."),
            "forbidden": _("Only the head referee or the referee who recorded it may change this."),
            "already_linked": _("This phone already belongs to an event."),
            "storage": _("This phone could not save the event."),
            "offline": _("No connection to the server. Try again when it is back."),
            "server": _("The server did not answer. Try again later."),
            **{
                code: unreadable_text()
                for code in ("not_unicode", "not_nfc", "control_character", "bidi_control", "invisible")
            },
            "before_event": _("This time is before the event's first day: check this phone's date and time."),
            "in_future": _("This time is later than tomorrow: check this phone's date and time."),
            "deleted_player": _("This player was removed from the roster."),
            "not_your_person": _(
                "This player is on the head referee's roster now: only the head referee can rename or remove them."
            ),
        },
    }
