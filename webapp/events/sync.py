"""Storing uploaded versions: idempotent by version id, every version kept, several heads kept as a conflict.

A batch runs in one transaction that first locks its space's row, so sequence numbers are given and committed in
order (a reader of the changes feed never skips one) and a server stopped halfway has written nothing of it.
"""

import uuid
from dataclasses import dataclass
from types import SimpleNamespace

from sqlalchemy import bindparam, select
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from . import validation as check
from .errors import ApiError, Invalid, readable
from .models import NAME_KEY, Credential, Record, Space, Version
from .names import normalize_name

MAX_BATCH = 200


@dataclass
class Refused(Exception):
    """One version refused (nothing of it written); the rest of the batch goes on."""

    error: str
    message: str
    field: str | None = None


def envelopes(data):
    """The batch's versions; a body that is not a batch refuses the whole request (each version is checked alone)."""
    check.only_keys(data, {"versions"})
    versions = data.get("versions")
    if not isinstance(versions, list) or not 1 <= len(versions) <= MAX_BATCH:
        raise Invalid("versions", f"Expected a list of 1 to {MAX_BATCH} versions.", "malformed")
    return versions


def check_envelope(item, path):
    """One version's envelope (schemas/version.schema.json): a bad one is refused alone, the rest of the batch goes
    on."""
    check.require_object(item, path)
    check.by_schema("version", item, path)
    if item["version_id"] in item["parents"]:
        raise Invalid(f"{path}.parents", "Parents must be versions other than this one.")


# Built once, as every upload runs them (building a statement costs more than running it).
LOCK_SPACE = select(Space).where(Space.id == bindparam("space_id")).with_for_update()
VERSIONS_NAMED = select(Version).where(
    Version.space_id == bindparam("space_id"), Version.version_id.in_(bindparam("ids", expanding=True))
)
INSERT_VERSIONS = Version.__table__.insert()  # Core: no unit of work, no autoflush (the records are flushed already)
INSERT_RECORD = Record.__table__.insert().returning(Record.__table__.c.pk)
SET_LAST_SEQ = Space.__table__.update().where(Space.__table__.c.id == bindparam("space_id"))
RECORDS_NAMED = select(Record).where(
    Record.space_id == bindparam("space_id"), Record.record_id.in_(bindparam("ids", expanding=True))
)


def store_batch(session, who, versions):
    """Store each version in order; return one result per version, in the same order, and the space's last number
    once the batch is stored. A refused version is checked in full before anything of it is written, so it leaves
    nothing behind. What the batch needs of the database is read once for the whole batch (Batch), and its versions
    are written together when it ends."""
    space = session.execute(LOCK_SPACE, {"space_id": who.event.space_id}).scalar_one()
    results, valid = [], []
    for index, item in enumerate(versions):  # envelopes first: only well-formed ids are ever sent to the database
        known = item if isinstance(item, dict) else {}
        results.append({"version_id": readable(known.get("version_id")), "record_id": readable(known.get("record_id"))})
        try:
            check_envelope(item, f"versions[{index}]")
            valid.append(index)
        except Invalid as error:
            results[index].update(_refusal(error))
    batch = Batch(session, who, space, [versions[index] for index in valid])
    for index in valid:
        try:
            results[index].update(batch.store(versions[index], f"versions[{index}]"))
        except (Invalid, Refused) as error:
            results[index].update(_refusal(error))
    batch.write()
    return results, space.last_seq


def _refusal(error):
    return {
        "status": "refused",
        "error": error.error,
        "message": readable(error.message),
        "field": readable(error.field),
    }


def _same(stored, item):
    return (
        stored.record_id == item["record_id"]
        and stored.kind == item["kind"]
        and stored.deleted == item["deleted"]
        and list(stored.parents) == list(item["parents"])
        and stored.body == item["body"]
    )


class Batch:
    """One upload's view of its space: the versions it names (its own ids and their parents) and its records, read
    in two queries for the whole batch and kept up to date as the batch stores versions, so a later version of the
    batch sees an earlier one (its parent, or the same version sent twice). Its new versions are inserted together
    by one Core INSERT (write), not through the ORM's unit of work nor its bulk INSERT, which cost more CPU."""

    def __init__(self, session, who, space, items):
        self.session, self.who, self.space = session, who, space
        self.pending = []  # the rows of the versions stored and not written yet
        self.numbered = False  # whether the space's last number moved since the last write
        named = {item["version_id"] for item in items} | {parent for item in items for parent in item["parents"]}
        # version id -> the stored version; a version id is unique in its space
        self.versions = {
            version.version_id: version
            for version in session.scalars(VERSIONS_NAMED, {"space_id": space.id, "ids": list(named)})
        }
        record_ids = {item["record_id"] for item in items}
        # record id -> the stored record, or None: every record id of the batch is here
        self.records = dict.fromkeys(record_ids)
        self.records.update(
            (record.record_id, record)
            for record in session.scalars(RECORDS_NAMED, {"space_id": space.id, "ids": list(record_ids)})
        )

    def store(self, item, path):
        """Store one version whose envelope is valid; its outcome, or Refused/Invalid with nothing of it written."""
        session, who, space = self.session, self.who, self.space
        stored = self.versions.get(item["version_id"])
        if stored is not None:
            if not _same(stored, item):
                raise Refused(
                    "version_id_reused",
                    "Another version was already stored with this version id.",
                    f"{path}.version_id",
                )
            return {"status": "duplicate", "seq": stored.seq}
        record = self.records[item["record_id"]]
        _check_permission(who, record, item, path)
        if item["kind"] == "player" and who.role != "head" and record is not None:
            _check_person(session, who, space, record, item, path)
        self._check_parents(record, item, path)
        _check_body(who, item, path, self.player_state)
        heads = [head for head in (record.heads if record else []) if head not in item["parents"]]
        heads.append(item["version_id"])
        if record is None:
            record = _new_record(
                session,
                space_id=space.id,
                record_id=item["record_id"],
                kind=item["kind"],
                event_id=who.event.id,
                created_by=who.credential.id,
                heads=heads,
                in_conflict=False,
                name_key=None,
                alias_of=None,
            )
            self.records[record.record_id] = record
        walk_in = _name_player(session, space, record, item) if item["kind"] == "player" else None
        # numbered here, written by write() with the versions (not by the unit of work, which costs more)
        set_committed_value(space, "last_seq", space.last_seq + 1)
        self.numbered = True
        row = {
            "space_id": space.id,
            "seq": space.last_seq,
            "record_pk": record.pk,
            "record_id": record.record_id,
            "version_id": item["version_id"],
            "parents": list(item["parents"]),
            "kind": item["kind"],
            "deleted": item["deleted"],
            "body": item["body"],
            "event_id": record.event_id,
            "author_id": who.credential.id,
        }
        self.pending.append(row)  # written with the batch's other versions when it ends (or before a query reads them)
        self.versions[item["version_id"]] = SimpleNamespace(**row)  # what a later version of the batch compares
        if record.heads != heads:  # a new record has them already: left clean, the commit has nothing to flush
            record.heads = heads
        if record.in_conflict != (len(heads) > 1):
            record.in_conflict = len(heads) > 1
        outcome = {"status": "conflict" if record.in_conflict else "accepted", "seq": space.last_seq, "heads": heads}
        if walk_in is not None:  # after this version, so the feed names the person before its new alias
            self.write()
            _alias_version(session, who, space, walk_in, record)
        if record.alias_of is not None:
            outcome["alias_of"] = record.alias_of
        return outcome

    def write(self):
        """Insert the versions stored since the last write, in one statement, and the space's last number."""
        if self.pending:
            self.session.connection().execute(INSERT_VERSIONS, self.pending)
            self.pending = []
        if self.numbered:
            numbers = {"space_id": self.space.id, "last_seq": self.space.last_seq}
            self.session.connection().execute(SET_LAST_SEQ, numbers)
            self.numbered = False

    def _check_parents(self, record, item, path):
        """Every parent must be a stored version of the same record (send a record's versions oldest first)."""
        for parent in item["parents"]:
            known = self.versions.get(parent)
            if record is None or known is None or known.record_pk != record.pk:
                raise Refused(
                    "unknown_parent",
                    f"Parent version {parent} is not stored for this record: send it first.",
                    f"{path}.parents",
                )

    def player_state(self, player_id):
        """'live', 'deleted' (every head of the roster player is a deletion) or None (no such roster player)."""
        if player_id in self.records:
            record = self.records[player_id]
        else:
            record = _player(self.session, self.space, player_id)
        if record is None or record.kind != "player":
            return None
        self.write()  # the player's heads may be versions of this batch
        deleted = self.session.scalars(
            select(Version.deleted).where(Version.record_pk == record.pk, Version.version_id.in_(record.heads))
        ).all()
        return "deleted" if deleted and all(deleted) else "live"


def _new_record(session, **values):
    """Insert a record by one Core statement and keep it in the session as if it had been read (the unit of work
    for one new row was a tenth of an upload's CPU, under the space's lock)."""
    pk = session.connection().execute(INSERT_RECORD, values).scalar_one()
    record = Record(pk=pk, **values)
    make_transient_to_detached(record)
    session.add(record)
    return record


def _name_player(session, space, record, item):
    """Keep a player's compared name; a player named like a present person of the space is that person (whichever
    phone added either). The head referee's roster is authoritative: a head's player is the person, and a walk-in
    person of that name (a referee's) becomes its alias; returned, for the caller to tell the phones (a new version of
    it). Otherwise the player stored first is the person, and the new id its alias, for good (renames keep it one)."""
    key = None if item["deleted"] else normalize_name(item["body"].get("name")) or None
    record.name_key = key
    if key is None or record.alias_of is not None:
        return None
    person = _person_named(session, space, record, key)
    if person is None:
        return None
    mine, theirs = _by_head(session, record), _by_head(session, person)
    if mine and not theirs and len(person.heads) == 1:  # (a walk-in with edits to settle keeps its place meanwhile)
        return person
    if person.pk < record.pk or (theirs and not mine):
        record.alias_of = person.record_id
    return None


def _person_named(session, space, record, key):
    """The first present person (not removed) that a player of this compared name leads to, other than `record`'s."""
    named = session.scalars(
        select(Record)
        .where(Record.space_id == space.id, Record.kind == "player", Record.name_key == key, Record.pk != record.pk)
        .order_by(Record.pk)
    )
    for candidate in named:
        person = _person(session, space, candidate)
        if person.pk != record.pk and not _removed(session, person):
            return person
    return None


def _by_head(session, record):
    """Whether a head referee's device created the record (the head's roster is authoritative)."""
    return session.get(Credential, record.created_by).role == "head"


def _removed(session, record):
    """Whether every head of the record is a deletion (a removed player is nobody's person any more)."""
    deleted = session.scalars(
        select(Version.deleted).where(Version.record_pk == record.pk, Version.version_id.in_(record.heads))
    ).all()
    return bool(deleted) and all(deleted)


def _check_person(session, who, space, record, item, path):
    """A referee renames or removes only a person of their own: not, through an alias, the person another device
    created (the head's roster player a walk-in joined)."""
    person = _person(session, space, record)
    if person.created_by == who.credential.id:
        return
    message = "This player is another device's person (the head referee's roster): only that device changes them."
    if item["deleted"]:
        raise Refused("not_your_person", message, f"{path}.deleted")
    if normalize_name(item["body"].get("name")) != record.name_key:
        raise Refused("not_your_person", message, f"{path}.body.name")


MAX_CHAIN = 20  # as the phone's player-aliases.js follows an alias of an alias


def _person(session, space, record):
    """The player a roster record names: itself, or the player its alias leads to."""
    for _ in range(MAX_CHAIN):
        if record.alias_of is None:
            return record
        found = _player(session, space, record.alias_of)
        if found is None or found.pk == record.pk:
            return record
        record = found
    return record


def _player(session, space, record_id):
    return session.scalar(
        select(Record).where(Record.space_id == space.id, Record.record_id == record_id, Record.kind == "player")
    )


def merge_request(data):
    """(player_id, into) of a merge request: two different roster player ids."""
    check.only_keys(data, {"player_id", "into"})
    player_id, into = check.opaque_id(data.get("player_id"), "player_id"), check.opaque_id(data.get("into"), "into")
    if player_id == into:
        raise Invalid("into", "A player is already the same person as themselves.")
    return player_id, into


def merge_player(session, who, player_id, into):
    """A head referee's "same person": player_id becomes an alias of the person `into` names, told to every phone by a
    new version of player_id (its value unchanged, carrying alias_of in the feed). The head's roster stays
    authoritative: when player_id is a head's person and `into` leads to a walk-in, the walk-in becomes the alias.
    Returns the merge's outcome. A removed player, or one with edits to settle, is refused (409)."""
    space = session.execute(select(Space).where(Space.id == who.event.space_id).with_for_update()).scalar_one()
    record, other = _player(session, space, player_id), _player(session, space, into)
    if record is None or other is None:
        field = "player_id" if record is None else "into"
        raise ApiError(404, "not_found", "No such roster player in this event.", field)
    person = _person(session, space, other)
    if _person(session, space, record).pk == person.pk:
        return {"status": "duplicate", "player_id": player_id, "alias_of": record.alias_of or person.record_id}
    field = "player_id"
    if record.alias_of is None and _by_head(session, record) and not _by_head(session, person):
        record, person, field = person, record, "into"
    heads = session.scalars(
        select(Version.deleted).where(Version.record_pk == record.pk, Version.version_id.in_(record.heads))
    ).all()
    if not heads or all(heads):
        raise ApiError(409, "deleted", "This player was removed from the roster.", field)
    if len(heads) > 1:  # merging must not settle it by the way: the head referee chooses a version first
        raise ApiError(409, "in_conflict", "This player has edits to settle first.", field)
    seq = _alias_version(session, who, space, record, person)
    return {"status": "merged", "player_id": record.record_id, "alias_of": person.record_id, "seq": seq}


def _alias_version(session, who, space, record, person):
    """Make `record` (one head) an alias of `person`, told to every phone by a new version of it: its value unchanged,
    its parent its head, carrying alias_of in the feed. Returns the version's number."""
    [current] = session.scalars(
        select(Version).where(Version.record_pk == record.pk, Version.version_id.in_(record.heads))
    ).all()
    record.alias_of = person.record_id
    space.last_seq += 1
    version_id = uuid.uuid4().hex
    session.add(
        Version(
            space_id=space.id,
            seq=space.last_seq,
            record_pk=record.pk,
            record_id=record.record_id,
            version_id=version_id,
            parents=list(record.heads),
            kind="player",
            deleted=False,
            body=current.body,
            event_id=record.event_id,
            author_id=who.credential.id,
        )
    )
    record.heads = [version_id]
    record.in_conflict = False
    session.flush()
    return space.last_seq


def _check_permission(who, record, item, path):
    """Head referees write anything of their event and the roster; referees add incidents and players (a walk-in), and
    change only their own."""
    if record is not None and record.kind != item["kind"]:
        raise Refused("kind_mismatch", f"This record is a {record.kind}.", f"{path}.kind")
    if item["kind"] == "incident" and record is not None and record.event_id != who.event.id:
        raise Refused(
            "other_event",
            "This incident belongs to another event of the league: it is read-only here.",
            f"{path}.record_id",
        )
    if who.role == "head":
        return
    if record is not None and record.created_by != who.credential.id:
        raise Refused(
            "forbidden", "A referee may change only the incidents and players they recorded.", f"{path}.record_id"
        )
    if len(item["parents"]) > 1:
        raise Refused("forbidden", "Only a head referee settles a conflict.", f"{path}.parents")


def _check_body(who, item, path, player_state):
    """The body under its kind's rules; an incident's roster player looked up with `player_state(id)`."""
    body, field = item["body"], f"{path}.body"
    if item["deleted"]:
        if body is not None:
            raise Invalid(field, "A deletion carries no body (null).")
        return
    if item["kind"] == "player":
        check.player_body(body, field, item["record_id"])
        if len(normalize_name(body["name"])) > NAME_KEY:  # "\ufdfa" is 18 letters once normalized
            raise Invalid(f"{field}.name", "This name is too long once compared as people read it.", "too_long")
        return
    check.incident_body(body, field, who.event, item["record_id"], player_state)
