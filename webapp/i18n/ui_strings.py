"""Every string the client scripts show, translated by flask-babel and handed to them in the page."""

from flask_babel import force_locale, ngettext
from flask_babel import gettext as _

from ..rules.tags import TAGS
from .catalogs import LANGUAGE_NAMES, LANGUAGES
from .find_strings import find_strings
from .plural import plural
from .sync_strings import sync_strings


def client_strings():
    """Return the translated strings the scripts need, keyed by a stable id."""
    return {
        "what_happened": _("What happened?"),
        "choose_ruleset": _("Choose the ruleset of your event"),
        "change_ruleset": _("Change ruleset"),
        "current_ruleset": _("Ruleset:"),
        "start": _("Start: what happened?"),
        "back": _("Back"),
        "start_over": _("Start over"),
        "step": _("Step %(n)s"),
        "your_answers": _("Your answers"),
        "penalty": _("Penalty"),
        "scores": _("What happens to the scores"),
        "next_steps": _("What to do next at the table"),
        "section": _("Source"),
        "exceptions": _("Exceptions"),
        "judgement": _("Left to the referee's judgement"),
        "ambiguity": _("How this app reads the source"),
        "reading_open": _("The source leaves open:"),
        "reading_taken": _("The app reads it as:"),
        "reading_origin": _("Where this reading comes from:"),
        "number_submit": _("Continue"),
        "number_error_empty": _("Enter a number."),
        "number_error_range": _("Enter a whole number from %(min)s to %(max)s."),
        "not_found": _("This page does not exist in this ruleset."),
        "load_error": _("The ruleset could not be loaded. Check your connection and try again."),
        "screen_error": _("Something went wrong while showing this page. Your saved data is not affected."),
        "offline_pending": _("Preparing offline use…"),
        "offline_ready": _("Ready to work offline."),
        "offline_unsupported": _("This browser cannot keep the app for offline use."),
        "offline_keep_languages": _("Keep every language for offline use"),
        "offline_languages_kept": _("Every language is kept for offline use."),
        "offline_languages_list": _("Languages kept for offline use: %(languages)s."),
        "offline_keep_failed": _("The other languages could not be downloaded. Try again when you are online."),
        "offline_language_missing": _(
            "The page you opened is in a language this phone does not keep for offline "
            "use. Go online once to add it, or keep every language."
        ),
        "update_available": _("An update is available."),
        "update_now": _("Update now"),
        "install": _("Install the app"),
        "ruling_reached": _("Ruling"),
        "tag": _("Kind of incident"),
        # I18N: a label and its value on one line (Kind of incident: False win); French puts a no-break space before
        # the colon. Every label-value line of the client goes through this string, never a hard-coded ": ".
        "label_value": _("%(label)s: %(value)s"),
        "other_rulesets": _("The same incident under other rulesets"),
        "edition": _("Edition"),
        "referee_tools": _("Referee's tools"),
        "tags": {key: str(label) for key, label in TAGS.items()},
        "winds": [_("East"), _("South"), _("West"), _("North")],
        "calc": calculator_strings(),
        "find": find_strings(),
        "log": log_strings(),
        "csv": export_strings(),
        "data": data_strings(),
        "roster": roster_strings(),
        "clock": clock_strings(),
        "lateness": lateness_strings(),
        "shown": shown_strings(),
        "in_languages": in_languages(),
        "shortcuts": {
            "common": _("Common incidents"),
            "favourites": _("Your favourites"),
            "recent": _("Recent rulings"),
            "favourite": _("Favourite"),
        },
        "event": sync_strings(),  # not "sync": a static export's page names no sync at all
        "freshness": freshness_strings(),
    }


def freshness_strings():
    """The line under the header that says how fresh this phone's view of the shared event is (app/freshness.js)."""
    return {
        "local": _("On this phone only, not shared"),
        "live": _("Live"),
        "offline": _("Offline"),
        "problem": _("Not updating: see the event screen"),
        "revoked": _("This phone is no longer accepted by the event: see the event screen."),
        "heard": _("updated %(ago)s"),
        "just_now": _("just now"),
        "never": _("not updated from the server yet"),
        "waiting": plural(
            lambda n: ngettext(
                "%(count)s change waiting to be sent", "%(count)s changes waiting to be sent", n, count="%(count)s"
            )
        ),
        # Said under a confirmation (a record saved, a player added or renamed) on a phone in a shared event.
        "sent": _("Sent to the server."),
        "not_sent": _("On this phone, not sent yet: it goes as soon as the phone is online."),
        "not_accepted": _("Not accepted by the server: see the event screen."),
    }


def roster_strings():
    """Strings of the roster and events screen."""
    return {
        "title": _("Roster and events"),
        "current": _("Current event"),
        "local": _("This device (no event set up)"),
        "choose": _("Event"),
        "use": _("Use this event"),
        "edit": _("Edit this event"),
        "new": _("New event"),
        "name": _("Name of the event"),
        "ruleset": _("Ruleset"),
        "any_ruleset": _("Any (chosen for each ruling)"),
        "start": _("First day"),
        "end": _("Last day"),
        "sessions": _("Sessions or rounds, one a line"),
        "save_event": _("Save the event"),
        "create": _("Create and use this event"),
        "event_saved": _("Event saved."),
        "players": _("Players"),
        "count": plural(
            lambda n: ngettext(
                "%(count)s player on the roster", "%(count)s players on the roster", n, count="%(count)s"
            )
        ),
        "none": _("No player on the roster yet. Add them here; a name recorded in the log joins the roster too."),
        "player_name": _("Name"),
        "number": _("Player number (optional)"),
        "club": _("Club (optional)"),
        "add": _("Add to the roster"),
        "added": _("Added to the roster."),
        "renamed": _("Player saved."),
        "rename": _("Rename"),
        "save_player": _("Save the player"),
        "remove": _("Remove"),
        "confirm_remove": _("Remove this player from the roster? The incidents that name them stay in the log."),
        "different": _("This is a different person with the same name"),
        "paste_title": _("Add many players at once"),
        "paste_label": _("Players, one a line"),
        "paste_help": _("A name a line; a number and a club may follow, after commas: Léa Martin, 12, Club Sud."),
        "paste_add": _("Add these players"),
        "paste_added": _("Players added: %(count)s."),
        "paste_skipped": _("Not added (add them one at a time if they are different people):"),
        "number_short": _("No. %(number)s"),
        "err_duplicate": _(
            "This name is already on the roster. If this is a different person, tick the box below, then save again."
        ),
        "err_empty_name": _("Enter a name."),
        "err_too_long": _("This text is too long."),
        "err_unreadable": _(
            "This text has characters that cannot be shown as typed (control, direction or invisible "
            "characters). Retype it."
        ),
        "err_bad_day": _("Enter a full date: day, month and year."),
        "err_before_start": _("The last day comes before the first."),
        "err_duplicate_session": _("The same session is listed twice."),
        "err_too_many": _("At most 50 sessions."),
        "err_unknown_ruleset": _("Choose a ruleset from the list."),
        "earlier_add": _("Add a suspension from before"),
        "earlier_title": _("Suspensions from before (they count towards a ban):"),
        "earlier_help": _(
            "A suspension given at another event or before this log counts towards a ban like one the log gives."
        ),
        "earlier_start": _("First day of the suspension"),
        "earlier_where": _("Where it was given (optional)"),
        "earlier_save": _("Add the suspension"),
        "err_after_today": _("This day is after today."),
        "err_duplicate_suspension": _("A suspension starting that day is already entered."),
        "err_too_many_suspensions": _("At most 20 suspensions from before."),
        "part_minute": _("Lateness: part of a minute"),
        "part_minute_default": _("Each ruleset's default"),
        "part_minute_started": _("Started minutes count whole (10:01 is 11 minutes)"),
        "part_minute_completed": _("Only completed minutes count (10:59 is 10 minutes)"),
    }


def clock_strings():
    """Strings of the lateness clock."""
    return {
        "title": _("Lateness clock"),
        "help": _(
            "Start it when the round starts and note who is missing: each player's minutes late go to the ruling."
        ),
        "start": _("Start the round now"),
        "restart": _("Start the round again now"),
        "restart_ask": _("Start the round again now?"),
        "restart_changes": _("Every player's minutes late go back to 0 and no one is marked as arrived."),
        "restarted": _("The round started again."),
        "undo": _("Undo"),
        "cancel": _("Cancel"),
        "started": _("Round started at %(time)s"),
        "not_started": _("The clock has not started."),
        "player": _("Absent player"),
        "add": _("Add"),
        "late": plural(
            lambda n: ngettext(
                "Late %(time)s: %(count)s minute",
                "Late %(time)s: %(count)s minutes",
                n,
                time="%(time)s",
                count="%(count)s",
            )
        ),
        "late_time": _("Late %(time)s"),
        "ruling": _("Lateness ruling"),
        "arrived": _("Mark as arrived"),
        "arrived_at": _("Arrived at %(time)s"),
        "remove": _("Remove"),
        "clear": _("Clear the clock"),
        "not_covered": _("This ruleset has no ruling on lateness."),
        "out_of_range": plural(
            lambda n: ngettext(
                "The lateness ruling takes %(min)s to %(max)s minute.",
                "The lateness ruling takes %(min)s to %(max)s minutes.",
                n,
                min="%(min)s",
                max="%(max)s",
            )
        ),
        "name_empty": _("Enter the player's name."),
        "name_too_long": _("The name is too long."),
        "too_many": plural(
            lambda n: ngettext("No more than %(max)s player.", "No more than %(max)s players.", n, max="%(max)s")
        ),
    }


def shown_strings():
    """Strings of a ruling shown to a player: the referee hands the phone over, in the player's language."""
    return {
        "show": _("Show to a player"),
        "languages": _("The player's language"),
    }


def in_languages():
    """Each language's name and the way back to the referee's screen, each in its own language (a ruling shown to a
    player in French offers the way back to the English-speaking referee in English)."""
    found = {}
    for lang in LANGUAGES:
        with force_locale(lang):
            back = _("Back to the referee's screen (%(language)s)", language=LANGUAGE_NAMES[lang])
        found[lang] = {"name": LANGUAGE_NAMES[lang], "back": back}
    return found


def lateness_strings():
    """Strings of a lateness in minutes and seconds: the wizard's time field, the clock and the ruling say how part of
    a minute counts (lateness.js)."""
    return {
        "counted_started": _("Counted as started minutes: 10:01 late is 11 minutes."),
        "counted_completed": _("Counted as completed minutes: 10:59 late is 10 minutes."),
        "from_ruleset": _("This ruleset's default, as the app reads it; the event screen can set another."),
        "from_event": _("Set for this event on the event screen."),
        "title": _("How minutes late are counted"),
        "minutes": _("Minutes"),
        "seconds": _("Seconds"),
        "counts_as": plural(
            lambda n: ngettext(
                "%(time)s counts as %(count)s minute.",
                "%(time)s counts as %(count)s minutes.",
                n,
                time="%(time)s",
                count="%(count)s",
            )
        ),
        "error_empty": _("Enter how late the player was."),
        "error_number": _("Enter whole minutes and seconds, in digits."),
        "error_seconds": _("Seconds go from 0 to 59."),
        "error_range": _("Enter a lateness from %(from)s to %(to)s."),
    }


def log_strings():
    """Strings of the referee's incident log."""
    return {
        "title": _("Incident log"),
        "record_title": _("Record in the log"),
        "player": _("Player"),
        "seat": _("Seat"),
        "tournament": _("Tournament"),
        "session": _("Session or round"),
        "table": _("Table"),
        "points": _("Penalty points applied"),
        "note": _("Referee's note"),
        "save": _("Save to the log"),
        "save_changes": _("Save the changes"),
        "recorded": _("Saved in the log."),
        "open_log": _("Open the log"),
        "earlier": _("Earlier incidents of this player under this ruleset: %(count)s."),
        "next_warning": _("Next offence on the progressive scale this session: a warning."),
        "next_points": plural(
            lambda n: ngettext(
                "Next offence on the progressive scale this session: %(points)s point.",
                "Next offence on the progressive scale this session: %(points)s points.",
                n,
                points="%(points)s",
            )
        ),
        "next_carried": plural(
            lambda n: ngettext(
                "Next obstruction or time-wasting (not reset by sessions): %(points)s point.",
                "Next obstruction or time-wasting (not reset by sessions): %(points)s points.",
                n,
                points="%(points)s",
            )
        ),
        "next_carried_warning": _("Next obstruction or time-wasting (not reset by sessions): a warning."),
        "event_line": _("Recorded in: %(event)s."),
        "change_event": _("Change"),
        "filters": _("Filter the log"),
        "filter_all": _("All"),
        "filters_clear": _("Show everything"),
        # The plural follows the shown count, which French and Italian put the noun beside (1 incident affiché sur 2).
        "shown": plural(
            lambda n: ngettext(
                "%(shown)s incident shown out of %(total)s",
                "%(shown)s incidents shown out of %(total)s",
                n,
                shown="%(shown)s",
                total="%(total)s",
            )
        ),
        "incident_count": plural(lambda n: ngettext("%(count)s incident", "%(count)s incidents", n, count="%(count)s")),
        "points_total": _("penalty points applied: %(points)s"),
        "incidents_title": _("Incidents, newest first"),
        "no_match": _("No incident matches these filters."),
        "more_cards": _("Show more players"),
        "more_incidents": _("Show more incidents"),
        "strikes_line": _("Strikes: %(count)s."),
        "status_ok": _("May play."),
        "status_suspended": _("Suspended now."),
        "status_banned": _("Banned."),
        "next_strike_suspends": _("One more strike now would suspend this player."),
        "next_strike_bans": _("One more strike now would ban this player."),
        "strikes_counting": _("Strikes that count: %(today)s today, %(window)s in the last %(days)s days."),
        "status_suspended_until": _("Suspended until %(date)s included."),
        "status_banned_since": _("Banned since %(date)s."),
        "confirm_suspended": _(
            "This player is suspended until %(date)s included. Go on only if the ruling is still theirs."
        ),
        "confirm_banned": _("This player is banned. Go on only if the ruling is still theirs."),
        "record_anyway": _("Record it all the same"),
        "happened_at": _("When it happened"),
        "add_title": _("Add an incident"),
        "add_search": _("Find the ruling"),
        "add_chosen": _("Ruling (%(ruleset)s): %(title)s."),
        "add_change": _("Choose another ruling"),
        "add_none": _("No ruling of this ruleset matches."),
        "err_bad_time": _("Enter the date and the time."),
        "err_future_time": _("This time is still to come."),
        "when": _("When"),
        "ruleset": _("Ruleset"),
        "section": _("Section"),
        "edit": _("Edit"),
        "delete": _("Delete"),
        "confirm_delete": _("Delete this incident from the log?"),
        "summary": _("Summary per player"),
        "count": _("Incidents"),
        "next": _("Next offence"),
        "export_csv": _("Export CSV"),
        "export_json": _("Export JSON"),
        "import_json": _("Import a JSON export"),
        "print": _("Print"),
        "empty": _("No incident recorded yet."),
        "confirm_import": _("Replace the whole log with the imported file?"),
        "import_not_json": _("This file is not a JSON export of the log. Nothing was changed."),
        "import_foreign": _("This file was not exported by this app's log. Nothing was changed."),
        "import_newer": _(
            "This file comes from a newer version of the app. Update the app first. Nothing was changed."
        ),
        "import_invalid": _("This file holds damaged incidents. Nothing was changed."),
        "import_no_version": _("This file does not say which version of the log it is. Nothing was changed."),
        "import_bad_version": _("This file's version is not a whole number. Nothing was changed."),
        "import_not_a_list": _("This file's incidents are not a list. Nothing was changed."),
        "import_bad_record": _("This file holds an incident that is empty or not an incident. Nothing was changed."),
        "import_bad_id": _("This file holds an incident without a valid id. Nothing was changed."),
        "import_bad_date": _(
            "This file holds a date that is not a full date and time with its time zone, such as "
            "2026-11-23T10:00:00Z, between 1970 and 2099. Nothing was changed."
        ),
        "import_bad_number": _(
            "This file holds penalty points that are not a number within range. Nothing was changed."
        ),
        "import_bad_field": _(
            "This file holds an incident with a missing, too long or unknown field. Nothing was changed."
        ),
        "import_duplicate_id": _("This file holds two incidents with the same id. Nothing was changed."),
        "import_bad_player": _(
            "This file holds a roster player with a missing, too long or unknown field. Nothing was changed."
        ),
        "import_bad_event": _(
            "This file holds an event with a missing, too long or unknown field. Nothing was changed."
        ),
        "import_duplicate_player": _("This file holds two roster players with the same id. Nothing was changed."),
        "import_duplicate_event": _("This file holds two events with the same id. Nothing was changed."),
        "import_unknown_event": _(
            "This file holds an incident of an event that is neither in the file nor on this "
            "device. Nothing was changed."
        ),
        "err_empty_player": _("Enter the player's name or seat."),
        "err_ambiguous_player": _("Several players of the roster have this name: pick one from the list."),
        "err_too_long": _("This text is too long."),
        "err_unreadable": _(
            "This text has characters that cannot be shown as typed (control, direction or invisible "
            "characters). Retype it."
        ),
    }


def data_strings():
    """Strings about the data kept on the device: notices, the data section, stale forms, imports, updates."""
    return {
        "title": _("Data on this device"),
        "read_only": _("This cannot be changed here for now: the notice above says why."),
        "stale_changed": _(
            "This was changed in another tab or window. What you typed is kept; the other fields show the current data."
        ),
        "stale_conflict": _(
            "Not saved: this was changed in another tab or window since you started. The fields you "
            "did not change now show the current data: check them, then save again to apply what you "
            "typed."
        ),
        "stale_deleted": _(
            "This incident was deleted in another tab or window. Save again to keep it with your changes."
        ),
        "write_quota": _("This device refused to save, so nothing was changed. Free some storage space and try again."),
        "write_newer": _("Not saved: this data was saved by a newer version of the app. Reload the app to update it."),
        "write_closed": _("Not saved: the app was updated in another tab. Reload this tab, then try again."),
        "write_unavailable": _("Not saved: this browser does not let the app keep data (private browsing?)."),
        "write_conflict": _("Not done: this was changed in another tab or window. Check it, then try again."),
        "write_failed": _("Not saved: the device could not store it. Try again."),
        "write_broken": _(
            "Not saved: the app's saved data on this device is damaged. The notice above says what to do."
        ),
        "write_no_items": _(
            "Not saved: the app's saved data on this device is damaged. The notice above says what to do."
        ),
        "write_too_new": _(
            "Not saved: this data was saved by a newer version of the app. Reload the app to update it."
        ),
        "write_newer_data": _(
            "Not done: some incidents were saved by a newer version of the app. Reload the app to update it first."
        ),
        "what_settings": _("your settings (ruleset, tournament, session and table)"),
        "what_shortcuts": _("your favourite and recent rulings"),
        "what_clock": _("the lateness clock"),
        "what_table": _("the table and its history"),
        "what_incident": _("incidents of the log"),
        "what_player": _("players of the roster"),
        "what_event": _("events"),
        "what_storage": _("storage"),
        "what_sync": _("this phone's link to its event and what waits to be sent"),
        "notice_damaged": _(
            "Part of the saved data was damaged: %(what)s (%(count)s). The damaged part was set aside "
            "untouched; everything else is intact and in use."
        ),
        "notice_newer": _(
            "Saved by a newer version of the app: %(what)s (%(count)s). Reload to update the app; "
            "until then this tab only shows it."
        ),
        "notice_closed": _("The app was updated in another tab. Reload this tab to go on saving."),
        "notice_cleared": _(
            "This browser deleted the app's data on this device. Gone: %(lost)s. What you are typing is kept, and "
            "saving works again."
        ),
        "lost_nothing": _("nothing this page had read"),
        "notice_blocked": _(
            "Another tab still runs an older version of the app: reload or close it to finish the update."
        ),
        "notice_unavailable": _(
            "This browser does not let the app keep data here, so nothing can be saved (private browsing?)."
        ),
        "notice_quota": _("This device is out of storage space: %(what)s could not be saved."),
        "notice_replaced": _(
            "An older copy (%(what)s, %(count)s), kept by the previous version of the app, "
            "differed from the data in use: the data in use was kept and the older copy was set "
            "aside untouched."
        ),
        "notice_legacy_quota": _(
            "This device is out of storage space, so data kept by the previous version of the app "
            "could not be moved into this one yet: %(what)s (%(count)s). That data is shown here, read "
            "only: free some space, then reload."
        ),
        "notice_damaged_full": _(
            "Part of the saved data is damaged: %(what)s (%(count)s). This device is out of "
            "storage space, so the damaged part could not be set aside yet: it is left untouched "
            "and not shown. Free some space, then reload."
        ),
        "notice_no_items": _(
            "The app's saved data on this device is not laid out as this version needs (its main "
            "store is missing), so nothing can be read or saved. Clear this site's data in the "
            "browser's settings to start again, or use another browser."
        ),
        "notice_no_aside": _(
            "The app's saved data on this device is damaged: its store for damaged data is missing, "
            "so nothing can be saved. What is saved can still be read: export the log now, then "
            "clear this site's data in the browser's settings, or use another browser."
        ),
        "notice_too_new": _(
            "The app's saved data on this device was saved by a newer version of the app. Reload to "
            "get that version. If this notice stays after reloading, clear this site's data in the "
            "browser's settings, or use another browser."
        ),
        "notice_nearly_full": _("Storage on this device is nearly full. Export the log now and free some space."),
        "reload": _("Reload"),
        "see_data": _("See, export or clear what was set aside"),
        "usage": _("Space used: %(used)s KB of %(total)s KB."),
        "persisted_granted": _("This browser keeps the app's data even when space runs low."),
        "persisted_not_granted": _(
            "This browser may delete the app's data if the device runs low on space: export the log regularly."
        ),
        "persisted_unsupported": _("This browser does not say whether it keeps the app's data."),
        "ask_persist": _("Ask to keep the data"),
        "aside_intro": _("Set aside as damaged or unreadable: %(count)s. Kept untouched until you clear it."),
        "aside_line": _("%(what)s %(id)s, set aside on %(when)s"),
        "aside_none": _("Nothing has been set aside."),
        "export_aside": _("Export what was set aside"),
        "clear_aside": _("Clear what was set aside"),
        "confirm_clear": _("Delete what was set aside for good? Export it first if you may need it."),
        "import_where": _("Where in the file: %(path)s"),
        "import_done": _(
            "Imported. New: %(added)s. Already in the log: %(same)s. Replaced by the file's version: "
            "%(replaced)s. Kept as they were: %(kept)s."
        ),
        "import_plan": _(
            "New incidents in this file: %(added)s. Already in your log: %(same)s. Different from yours: %(conflicts)s."
        ),
        "import_conflict": _("%(player)s, %(when)s: your version and the file's differ."),
        "mine": _("Yours"),
        "theirs": _("In the file"),
        "choose_version": _("Which version to keep"),
        "keep_mine": _("Keep mine"),
        "take_theirs": _("Take the file's"),
        "merge": _("Add to my log"),
        "replace": _("Replace my log with the file"),
        "cancel": _("Cancel"),
        "update_waiting": _("An update is ready. It will be applied once what you typed is saved or cleared."),
    }


def calculator_strings():
    """Strings of the score calculator and the table screen."""
    return {
        "apply_title": _("Apply to scores"),
        "act_title": _("Apply and record"),
        "refused_changed": _(
            "%(seat)s's score was changed on another tab or phone meanwhile: nothing was changed. Check the board, "
            "then tap again."
        ),
        "act_confirm": _("Apply to the table and record in the log"),
        "act_apply_only": _("Apply only"),
        "act_record_only": _("Record only"),
        "act_context": _("Event: %(event)s · session: %(session)s · table: %(table)s"),
        "act_done": _("Applied to the table and recorded in the log."),
        "act_repeated": _("Already saved: nothing was changed a second time."),
        "act_changed": _("Scores that changed:"),
        "act_no_change": _("No score changes."),
        "act_status": _("%(player)s now:"),
        "act_again": _("Another action for this ruling"),
        "act_no_penalty": _("This ruling penalizes nobody: no incident is recorded in the log."),
        "act_nameless": _(
            "This seat has no name: type who it was. With no name, the ruling is applied and nothing is counted for "
            "anyone."
        ),
        "act_not_seated": _("Not seated at this table"),
        "act_record_change": _("What this changes for %(player)s:"),
        "act_suspends": _("This suspends %(player)s until %(date)s."),
        "act_bans": _("This bans %(player)s."),
        "act_in_play": _("At the table now: %(reading)s"),
        "act_strikes_change": _("Strikes in the window: %(from)s → %(to)s"),
        "act_counts_nothing": _("Nobody was named, so nothing is counted in anyone's record."),
        "act_records": _("Applied at the table earlier, not in the log yet"),
        "act_records_new": _("A new offence, not one of these"),
        "act_records_applied": _("The one applied at %(time)s"),
        "apply_help": _("Choose who is concerned, check the preview, then apply. Nothing changes before you confirm."),
        "offender": _("Offender"),
        "winner": _("Winner"),
        "discarder": _("Player who discarded the winning tile"),
        "win_type": _("How was the hand won?"),
        "riichi_call": _("Was the voided call a riichi?"),
        "riichi_call_yes": _("Yes, a riichi: its stick goes back"),
        "riichi_call_no": _("No, another call"),
        "same_hand_warning": _("This player already has a chombo since the last hand was scored."),
        "same_hand": _("Was this one found in the same hand as that chombo?"),
        "same_hand_yes": _("Yes, the same hand: follow this ruleset's reading"),
        "same_hand_no": _("No, a hand dealt since"),
        "self_draw": _("Self-drawn (tsumo)"),
        "discard": _("On a discard (ron)"),
        "hand_value": _("Value of the hand"),
        "minutes": _("Minutes late"),
        "points": _("Penalty points decided by the referee"),
        "tiles": _("Number of tiles"),
        "choice_legend": _("The referee's choice: give at least one"),
        "optional_number": _("Leave empty to give no points."),
        "choice_dead_hand": _("Dead hand"),
        "choose": _("Choose…"),
        "preview": _("Preview"),
        "confirm": _("Apply to the table"),
        "applied": _("Applied to the table."),
        "open_table": _("Open the table"),
        "player": _("Player"),
        "sum_changes": _("Sum of changes"),
        "next_hand": _("Next hand"),
        "redeal": _("Deal the hand again."),
        "continue": _("Play continues."),
        "next_score_win": _("Then score the win at the table: its form opens there."),
        "next_score_draw": _("Then score the exhaustive draw at the table: its form opens there."),
        "dealer_stays": _("The dealer stays."),
        "dealer_passes": _("The deal passes to the next player."),
        "dealer_passes_after_hand": _(
            "This hand is played as it was dealt. When it ends, the deal passes to %(seat)s."
        ),
        "deposits_returned": _("Riichi sticks returned to: %(seats)s."),
        "counter_none": _("No counter is added."),
        "noten_none": _("No noten payments."),
        "note_warning": _("A warning only: no points this time."),
        "note_voided": _("The penalty is cancelled."),
        "note_warning_given": _("The offender receives a warning."),
        "note_chombo_once": _(
            "A second chombo of this player in the same hand: under this ruleset's reading it changes nothing more."
        ),
        "note_chombo_each": _(
            "A second chombo of this player in the same hand: its penalty applies, but the hand is dealt again "
            "only once."
        ),
        "dead_hand": _("dead hand"),
        "live_tiles": _("live penalty tiles:"),
        "dead_tiles": _("dead penalty tiles:"),
        "tiles_dead": _("Turn the live penalty tiles dead"),
        "tiles_dead_discarded": _("One was discarded: turn the rest dead"),
        "strikes": _("strikes:"),
        "substituted": _("a substitute plays"),
        "disqualified": _("disqualified"),
        "session_lost": _("session lost"),
        "table_title": _("Table and scores"),
        "name": _("Player name (optional)"),
        "dealer": _("Dealer"),
        "riichi": _("Declared riichi"),
        "deposit": _("Riichi stick on the table"),
        "honba": _("Counters (honba)"),
        "pot": _("Riichi sticks left from earlier hands"),
        "history": _("History"),
        "scoreboard": _("Seats and scores"),
        "no_name": _("No name yet"),
        "mark_riichi": _("riichi"),
        "mark_offences": _("offences: %(count)s, next: %(points)s"),
        "mark_suspended": _("suspended"),
        "mark_suspended_until": _("suspended until %(date)s"),
        "mark_carried": _("obstruction or delay: %(count)s, next: %(points)s"),
        "mark_banned": _("banned"),
        "sign_key": _("Change the sign of %(field)s"),
        "make_dealer": _("Make this player the dealer"),
        "done": _("Done"),
        "sticks_short": _("Sticks on the table:"),
        "honba_short": _("Counters:"),
        "name_short": _("name"),
        "offences_short": _("offences"),
        "yes": _("yes"),
        "no": _("no"),
        "score_win": _("Score a win"),
        "score_draw": _("Exhaustive draw"),
        "riichi_button": _("Riichi"),
        "tap_winner": _("Tap the winner's seat."),
        "tap_discarder": _("Tap the seat that discarded the winning tile, or choose tsumo."),
        "tap_tenpai": _("Tap each tenpai seat, then score the draw."),
        "value_hint": _("Points of the hand as scored, before counters and riichi sticks: those are added for you."),
        "value_hint_base": _(
            "The hand's points as counted. Each player also pays the base of %(base)s: it is added for you."
        ),
        "tap_value_ron": _("%(winner)s wins on the discard of %(discarder)s."),
        "tap_value_tsumo": _("%(winner)s wins by self-draw (tsumo)."),
        "moved_title": _("What moved on each seat"),
        "value_dealer": _("Paid by the dealer"),
        "value_others": _("Paid by each other player"),
        "value_each": _("Paid by each player"),
        "liable": _("Pays for the risky discard"),
        "record_win": _("Score the win"),
        "record_draw": _("Score the draw"),
        "cancel": _("Cancel"),
        "noten": _("noten"),
        "tenpai_who": _("Who is tenpai?"),
        "score_next_win": _("This ruling leads to a win: score it"),
        "score_next_draw": _("This ruling leads to an exhaustive draw: score it"),
        "step_win": _("Win"),
        "step_draw": _("Exhaustive draw"),
        "step_migration": _("Values kept from the previous version"),
        "step_failed": _("(changes nothing now)"),
        "undo_confirm_title": _("Undo an older step?"),
        "undo_removes": _("This removes: %(step)s."),
        "undo_values": _("These values change now:"),
        "undo_no_values": _("No value changes now."),
        "undo_later": _("These later steps are worked out again:"),
        "undo_later_fails": _("%(step)s: can no longer apply and will change nothing"),
        "confirm_undo": _("Undo this step"),
        "redo": _("Redo"),
        "undone_title": _("Undone steps"),
        "event_title": _("Event settings"),
        "event_missing": _("Set the figures this event decides first"),
        "event_help": _("This ruleset leaves these figures to the event: set them once."),
        "event_usual": _("Use these usual figures (the event's choice, not the source's)"),
        "event_start": _("Starting points"),
        "event_stick": _("Points of a riichi stick"),
        "event_noten_total": _("Noten payments in all"),
        "event_counter": _("Counters"),
        "event_counter_ron": _("Each counter, on a win on a discard"),
        "event_counter_tsumo_each": _("Each counter, paid by each player on a self-drawn win"),
        "event_dealer_stays": _("The dealer keeps the deal"),
        "dealer_stays_tenpai": _("when tenpai or winning"),
        "dealer_stays_win": _("only when winning"),
        "undo": _("Undo"),
        "no_steps": _("Nothing applied yet."),
        "end_hanchan": _("End of hanchan: turn table points into hanchan scores"),
        "new_session": _("Start a new session"),
        "reset": _("Clear the table"),
        "confirm_reset": _("Clear the table and its whole history?"),
        "ask_end_hanchan": _("End the hanchan now?"),
        "ask_new_session": _("Start a new session now?"),
        "confirm_end_hanchan": _("End the hanchan"),
        "confirm_new_session": _("Start the new session"),
        "reset_undo_help": _("It is kept as a step of the history: Undo takes it back."),
        "reset_done": _("Done: %(step)s."),
        "step_edit": _("Changed"),
        "step_end_hanchan": _("End of hanchan"),
        "step_new_session": _("New session"),
        "warn_total_off": _("The table adds up to %(total)s with the sticks, not %(expected)s."),
        "warn_deposit_without_riichi": _("%(seat)s has a riichi stick on the table but no riichi."),
        "storage_full": _(
            "This device refused to save, so nothing was changed. Free some storage space and try again."
        ),
        "discipline_title": _("Strikes and suspensions"),
        "status_ok": _("Strikes: %(count)s. May play."),
        "status_suspended": _("Strikes: %(count)s. Suspended until %(date)s included."),
        "status_banned": _("Strikes: %(count)s. Banned since %(date)s."),
        "suspensions": _("suspensions:"),
        "err_empty": _("Enter a number."),
        "err_not_number": _("This is not a number."),
        "err_negative": _("This number cannot be negative."),
        "err_too_small": _("This number is below the allowed range."),
        "err_too_large": _("This number is too large."),
        "err_ambiguous": _(
            "This could be read two ways. Group thousands with commas (25,000) and write decimals with a point (-1.5)."
        ),
        "err_bad_grouping": _("Group the digits in threes, for example 25,000."),
        "err_decimals_not_allowed": _("This score has no decimals."),
        "err_too_many_decimals": _("Too many decimals for this score."),
        "err_choose_seat": _("Choose a player."),
        "err_choose_one": _("Choose one."),
        "err_choose_at_least_one": _("Give at least one of these penalties."),
        "err_same_seat": _("Choose a different player."),
        "err_is_liable": _("The player who must pay for the risky discard cannot be the winner."),
        "err_cannot_be_tenpai": _("This player counts as noten."),
        "err_setting_missing": _("The event has not set this figure yet."),
        "err_invalid_counts": _("The offence counts from the log could not be read."),
        "err_no_win_scoring": _("This ruleset has no win or draw scoring."),
        "err_unknown_ruling": _("This ruling does not exist."),
        "err_unsupported_effect": _(
            "This version of the app cannot apply this ruling to the scores. Change them by hand on the table."
        ),
    }


def export_strings():
    """Strings of the log's spreadsheet export (CSV); `headers` is keyed by csv-export.js's CSV_COLUMNS."""
    return {
        "headers": {
            "at": _("Date and time"),
            "tournament": _("Tournament"),
            "session": _("Session or round"),
            "table": _("Table"),
            "player": _("Player"),
            "seat": _("Seat"),
            "ruleset": _("Ruleset"),
            "ruling": _("Ruling reference"),
            "penalty": _("Penalty"),
            "title": _("Ruling"),
            "section": _("Section"),
            "points": _("Penalty points applied"),
            "note": _("Referee's note"),
        },
        "separator": _("Column separator"),
        "comma": _("Comma"),
        "semicolon": _("Semicolon"),
    }
