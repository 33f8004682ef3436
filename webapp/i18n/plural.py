"""Strings with a count, as the client takes them: one form per CLDR plural category it picks from."""


def plural(forms):
    """A string with a count, in the forms the client picks from by Intl.PluralRules (format.js pluralForm): `forms`
    is `lambda n: ngettext(singular, plural, n, count="%(count)s")`, written out so that extraction finds both
    texts, and `count` stays a placeholder the client fills in."""
    return {"one": forms(1), "other": forms(2)}
