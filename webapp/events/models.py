"""The event tables: leagues, events, who may use them (credentials, invites), and every version of every record."""

from datetime import UTC, date, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID = 40  # server-made ids (token_urlsafe(16) is 22 characters)
CLIENT_ID = 100  # ids made on the phone (crypto.randomUUID() is 36 characters)
NAME_KEY = 400  # a normalized name of up to 200 characters (a folded letter may become two)

# Constraint names are fixed, so migrations can refer to them on SQLite and PostgreSQL alike.
NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator):
    """A moment, stored in UTC and read back with its time zone (SQLite would drop it)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None:
            if value.tzinfo is None:
                raise ValueError("a moment must carry its time zone")
            value = value.astimezone(UTC)
            if dialect.name == "sqlite":
                value = value.replace(tzinfo=None)
        return value

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def now():
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Space(Base):
    """Where records live and are numbered: one league (all its events), or one event outside any league.

    Every write to a space locks its row and takes the next numbers from `last_seq`, so sequence numbers are
    committed in order and a reader following the changes feed with a cursor never skips one.
    """

    __tablename__ = "spaces"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    last_seq: Mapped[int] = mapped_column(BigInteger, default=0)


class League(Base):
    """Events that share one roster, so a player keeps one identity (strikes over 30 rolling days)."""

    __tablename__ = "leagues"
    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now)


class Event(Base):
    """One tournament or club night, with its ruleset, dates and the session labels phones choose from."""

    __tablename__ = "events"
    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset_id: Mapped[str] = mapped_column(String(100))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    sessions: Mapped[list] = mapped_column(JSON, default=list)
    league_id: Mapped[str | None] = mapped_column(ForeignKey("leagues.id"), index=True)
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class Invite(Base):
    """A link that turns a phone into a referee or viewer of one event; only the hash of its secret is kept."""

    __tablename__ = "invites"
    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    secret_hash: Mapped[str] = mapped_column(String(200))
    max_uses: Mapped[int] = mapped_column(Integer)
    uses: Mapped[int] = mapped_column(Integer, default=0)
    # The head's credential id; no foreign key, as credentials refer to invites.
    created_by: Mapped[str] = mapped_column(String(ID))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class Credential(Base):
    """One device's key to one event, with its role and the referee's name; revoked alone."""

    __tablename__ = "credentials"
    id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    display_name: Mapped[str] = mapped_column(String(100))
    secret_hash: Mapped[str] = mapped_column(String(200))
    invite_id: Mapped[str | None] = mapped_column(ForeignKey("invites.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # About how many bytes of versions this device has had stored, against its storage quota (quota.py).
    stored_bytes: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    # The device's last authenticated call (written at most once a minute: live.py) and how many versions it said
    # were still waiting on it to be sent then (null: it never said).
    last_contact_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    pending: Mapped[int | None] = mapped_column(Integer)


class Record(Base):
    """A shared record (an incident or a roster player) and its current heads: more than one head is a conflict."""

    __tablename__ = "records"
    __table_args__ = (
        UniqueConstraint("space_id", "record_id"),
        Index("ix_records_space_id_in_conflict", "space_id", "in_conflict"),
        Index("ix_records_space_id_name_key", "space_id", "name_key"),
    )
    pk: Mapped[int] = mapped_column(Integer, primary_key=True)
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"))
    record_id: Mapped[str] = mapped_column(String(CLIENT_ID))
    kind: Mapped[str] = mapped_column(String(20))
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id"), index=True)  # the event it was first written in
    created_by: Mapped[str] = mapped_column(ForeignKey("credentials.id"))
    heads: Mapped[list] = mapped_column(JSON)  # version ids no later version names as a parent
    in_conflict: Mapped[bool] = mapped_column(Boolean, default=False)
    # A roster player: its name as compared (names.py), and the player it is another id of, when the space already
    # had a player of that name (the merged id stays an alias, so incidents naming it count for the person).
    name_key: Mapped[str | None] = mapped_column(String(NAME_KEY))
    alias_of: Mapped[str | None] = mapped_column(String(CLIENT_ID))


class Version(Base):
    """One version of a record, as uploaded; never updated or deleted. `seq` orders the space's changes feed."""

    __tablename__ = "versions"
    __table_args__ = (
        UniqueConstraint("space_id", "version_id"),
        UniqueConstraint("space_id", "seq"),
    )
    pk: Mapped[int] = mapped_column(Integer, primary_key=True)
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"))
    seq: Mapped[int] = mapped_column(BigInteger)
    record_pk: Mapped[int] = mapped_column(ForeignKey("records.pk"), index=True)
    record_id: Mapped[str] = mapped_column(String(CLIENT_ID))  # the record's id, repeated: versions are read alone
    version_id: Mapped[str] = mapped_column(String(CLIENT_ID))
    parents: Mapped[list] = mapped_column(JSON)
    kind: Mapped[str] = mapped_column(String(20))
    deleted: Mapped[bool] = mapped_column(Boolean)
    body: Mapped[dict | None] = mapped_column(JSON(none_as_null=True))  # None for a deletion
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id"))  # the event of the record (for the event's feed)
    author_id: Mapped[str] = mapped_column(ForeignKey("credentials.id"))
    received_at: Mapped[datetime] = mapped_column(UTCDateTime, default=now)
