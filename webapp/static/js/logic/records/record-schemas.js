/**
 * The record schemas, made from webapp/schemas/*.schema.json by `python -m webapp.events.schemas`
 * (tests/test_record_schemas.py checks it is current). Do not edit: edit the JSON and run it again.
 */
export const incidentSchema = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "incident.schema.json",
  "title": "incident",
  "description": "An incident of an event's log: what the phone stores (with its eventId) and the server keeps as a version's body.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "at",
    "rulesetId",
    "rulingId"
  ],
  "properties": {
    "v": {
      "description": "the body's format version, if given: 2 has the seat as a code",
      "enum": [
        1,
        2
      ],
      "x-error": "unsupported_version"
    },
    "id": {
      "description": "the record's id, if given",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "at": {
      "description": "when it happened: ISO 8601 with a time zone, 1970 to 2099",
      "type": "string",
      "format": "moment"
    },
    "rulesetId": {
      "description": "the event's ruleset",
      "type": "string",
      "pattern": "^[a-z0-9_-]{1,100}$",
      "x-error": "unknown_ruleset"
    },
    "rulingId": {
      "description": "a ruling of that ruleset",
      "type": "string",
      "pattern": "^[a-z0-9_-]{1,100}$",
      "x-error": "unknown_ruling"
    },
    "player": {
      "description": "the player's name as recorded",
      "type": "string",
      "format": "line",
      "maxLength": 200
    },
    "playerId": {
      "description": "the id of a roster player",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "action": {
      "description": "the referee's action that applied this ruling at a table, when the incident records it",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "tournament": {
      "description": "text",
      "type": "string",
      "format": "text",
      "maxLength": 500
    },
    "session": {
      "description": "text",
      "type": "string",
      "format": "text",
      "maxLength": 500
    },
    "table": {
      "description": "text",
      "type": "string",
      "format": "text",
      "maxLength": 500
    },
    "seat": {
      "description": "the seat: 0 East, 1 South, 2 West, 3 North, or null; a phone before format 2 sends the wind's name as text",
      "type": [
        "integer",
        "null",
        "string"
      ],
      "minimum": 0,
      "maximum": 3,
      "format": "text",
      "maxLength": 500
    },
    "points": {
      "description": "a number, or null",
      "type": [
        "number",
        "null"
      ],
      "minimum": -10000000,
      "maximum": 10000000
    },
    "note": {
      "description": "text, several lines allowed",
      "type": "string",
      "format": "text",
      "maxLength": 500
    }
  }
};
export const playerSchema = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "player.schema.json",
  "title": "player",
  "description": "A roster player: what the phone stores (with its eventId, and deleted for a tombstone) and the server keeps as a version's body.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "name"
  ],
  "properties": {
    "v": {
      "description": "the body's format version, if given",
      "enum": [
        1
      ],
      "x-error": "unsupported_version"
    },
    "id": {
      "description": "the record's id, if given",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "name": {
      "description": "the player's name",
      "type": "string",
      "format": "line",
      "minLength": 1,
      "maxLength": 200
    },
    "number": {
      "description": "a registration number as printed, e.g. A-12",
      "type": "string",
      "format": "line",
      "maxLength": 20
    },
    "club": {
      "description": "the player's club",
      "type": "string",
      "format": "line",
      "maxLength": 200
    },
    "note": {
      "description": "text, several lines allowed",
      "type": "string",
      "format": "text",
      "maxLength": 500
    },
    "suspensions": {
      "description": "suspensions given outside this app's log (another event), each with its first day; they count towards a ban",
      "type": "array",
      "maxItems": 20,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "start"
        ],
        "properties": {
          "start": {
            "description": "the suspension's first day, YYYY-MM-DD",
            "type": "string",
            "format": "day"
          },
          "where": {
            "description": "where it was given, e.g. the event",
            "type": "string",
            "format": "line",
            "maxLength": 200
          }
        }
      }
    }
  }
};
export const eventSchema = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "event.schema.json",
  "title": "event",
  "description": "An event's editable fields, as the API takes them; the phone's stored event keeps the same name and session labels.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "name",
    "ruleset_id",
    "starts_on",
    "ends_on"
  ],
  "properties": {
    "name": {
      "description": "the event's name",
      "type": "string",
      "format": "line",
      "minLength": 1,
      "maxLength": 200
    },
    "ruleset_id": {
      "description": "a ruleset the server has loaded",
      "type": "string",
      "pattern": "^[a-z0-9_-]{1,100}$",
      "x-error": "unknown_ruleset"
    },
    "starts_on": {
      "description": "the first day, YYYY-MM-DD",
      "type": "string",
      "format": "day"
    },
    "ends_on": {
      "description": "the last day, YYYY-MM-DD, not before the first",
      "type": "string",
      "format": "day"
    },
    "sessions": {
      "description": "the session labels the phones offer, each different",
      "type": "array",
      "maxItems": 50,
      "uniqueItems": true,
      "items": {
        "type": "string",
        "format": "line",
        "minLength": 1,
        "maxLength": 100
      }
    }
  }
};
export const versionSchema = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "version.schema.json",
  "title": "version",
  "description": "One version of a shared record as a phone uploads it: a new record, an edit, a deletion, or a settled conflict (a version whose parents are all the record's heads).",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "record_id",
    "version_id",
    "parents",
    "kind",
    "deleted",
    "body"
  ],
  "properties": {
    "record_id": {
      "description": "the record's id, made on the phone",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "version_id": {
      "description": "this version's id, made on the phone",
      "type": "string",
      "format": "record-id",
      "minLength": 1,
      "maxLength": 100
    },
    "parents": {
      "description": "the versions it replaces: none for a new record, one for an edit, every head to settle a conflict",
      "type": "array",
      "maxItems": 20,
      "uniqueItems": true,
      "items": {
        "type": "string",
        "format": "record-id",
        "minLength": 1,
        "maxLength": 100
      }
    },
    "kind": {
      "description": "the record's kind",
      "enum": [
        "incident",
        "player"
      ]
    },
    "deleted": {
      "description": "true for a deletion (a tombstone)",
      "type": "boolean"
    },
    "body": {
      "description": "the record (its kind's schema), or null for a deletion",
      "type": [
        "object",
        "null"
      ],
      "x-error": "malformed"
    }
  }
};
