"""Page forms: deck name/visibility/notes, the summoner choice, deck import."""

from __future__ import annotations

from django import forms

from decks.models import MAX_NOTES_LENGTH, Ruleset, Visibility
from decks.selectors import summoner_choices
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.decktext import MAX_CODE_CHARS, MAX_TEXT_CHARS


class DeckMetaForm(forms.Form):
    name = forms.CharField(max_length=100, label="Deck name")
    visibility = forms.ChoiceField(choices=Visibility.choices, initial="private")
    notes = forms.CharField(
        required=False,
        max_length=MAX_NOTES_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class SummonerForm(forms.Form):
    summoner = forms.ChoiceField(label="Summoner")

    ruleset = forms.ChoiceField(choices=Ruleset.choices, widget=forms.HiddenInput)

    def __init__(
        self, *args: object, ruleset: str = Ruleset.SECOND, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        factions = load_catalog(ruleset=ruleset).factions
        self.fields["summoner"].choices = [  # type: ignore[attr-defined]
            (
                card.slug,
                f"{card.name} ({factions[card.faction].name})"
                if card.faction in factions
                else card.name,
            )
            for card in summoner_choices(ruleset)
        ]
        self.fields["ruleset"].initial = ruleset


class DeckImportForm(forms.Form):
    text = forms.CharField(
        required=False,
        max_length=MAX_TEXT_CHARS,
        strip=False,
        label="Deck text",
        help_text="One line per card: COUNT Card Name (for example: 4 Ice Smith).",
        widget=forms.Textarea(attrs={"rows": 12, "class": "deck-text"}),
    )
    ruleset = forms.ChoiceField(
        choices=Ruleset.choices,
        initial=Ruleset.SECOND,
        required=False,  # the second edition when a form leaves it out
        label="Edition",
        help_text="The edition whose cards the deck text names (a deck code says "
        "its own).",
    )
    code = forms.CharField(required=False, max_length=MAX_CODE_CHARS, label="Deck code")
    name = forms.CharField(required=False, max_length=100, label="Deck name")
    visibility = forms.ChoiceField(choices=Visibility.choices, initial="private")

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if bool(data.get("text", "").strip()) == bool(data.get("code", "").strip()):
            raise forms.ValidationError("Paste either deck text or a deck code.")
        data["ruleset"] = data.get("ruleset") or Ruleset.SECOND
        return data
