"""/v1/ask: a length of audio is never a count (buyer audit round 16, #1 and #5), English and
Romanian:

1. a count's scale is a whole word or a suffix of the number ("5m", "10k", "2 mil"), never
   the first letter of the next word: "one 2 minute song" was 2,000,000 songs (56 days,
   $967), "a 3 minute song" 3,000,000; and a length before song/track is one piece of that
   length, no count ("a 60 second track" was 60 tracks);
2. the time of one piece of audio of a length in seconds, or of one song or track of a length,
   is computed as "1 minute of speech" was (its seconds over the model's single-stream rate),
   the time asked before or after the piece ("how many seconds to generate 10 seconds of
   speech", "one 47 s clip", "o melodie de 2 minute", "make a 3 minute song ...: how long does
   it take?"); it was a rate only. Past a generator's default clip the answer says longer
   audio is made piece by piece (the catalog's [default_clip].why)."""

from __future__ import annotations

import re

import pytest

from service.domain.answer.intent import _COUNT_SCALE, _SONGS, _audio_minutes
from service.domain.answer.understand import _fold, media_rate_asked
from tests.unit.ask_fixtures import ask, asked, first_sentence, head

# -- 1. a scale is a suffix of the number, a length no count -----------------------------------


@pytest.mark.parametrize(("text", "scale"), [
    ("2 minute song", None),
    ("3 min song", None),
    ("60 second track", None),
    ("5 kids", None),
    ("5m songs", "m"),
    ("5 m songs", "m"),
    ("10k tracks", "k"),
    ("1.5M images", "m"),
    ("2 mil images", "mil"),
    ("3 million songs", "million"),
    ("20 de mii de imagini", "mii"),
    ("2 thousands images", "thousands"),
])
def test_a_scale_is_no_first_letter_of_the_next_word(text: str, scale: str | None) -> None:
    m = re.compile(_COUNT_SCALE).match(text.lower())
    assert m is not None and m.group(2) == scale


@pytest.mark.parametrize("q", [
    "musicgen large: time to generate one 2 minute song on an A100?",
    "make a 3 minute song with musicgen large on an L40S: how long does it take?",
    "how long does musicgen medium take to make a 60 second track on an L4?",
    "how long for a 3 min song with musicgen large?",
    "cât durează o melodie de 2 minute cu musicgen large pe un A100?",
])
def test_a_length_before_the_song_is_no_count(q: str) -> None:
    assert _SONGS.search(_fold(q)) is None


@pytest.mark.parametrize(("q", "count"), [
    ("how long to generate 1000 songs with musicgen large on an A100?", "1000"),
    ("musicgen small: how long for 5m songs on an H100?", "5"),
    ("cât durează 200 de melodii cu musicgen medium pe un L4?", "200"),
])
def test_songs_counted_stay_counted(q: str, count: str) -> None:
    m = _SONGS.search(_fold(q))
    assert m is not None and m.group(1) == count


def test_a_two_minute_song_is_no_two_million_songs() -> None:
    r = ask("musicgen large: time to generate one 2 minute song on an A100?")
    assert "2,000,000" not in r.answer and "56 days" not in r.answer, head(r)
    r = ask("make a 3 minute song with musicgen large on an L40S: how long does it take?")
    assert "3,000,000" not in r.answer and "128 days" not in r.answer, head(r)
    r = ask("how long does musicgen medium take to make a 60 second track on an L4?")
    assert "60 clips" not in r.answer, head(r)


# -- 2. one piece's time, its length in seconds or before song/track ---------------------------


@pytest.mark.parametrize(("q", "seconds"), [
    ("bark tts on T4 - how many seconds to generate 10 seconds of speech?", 10.0),
    ("how many seconds does stable audio open take for one 47 s clip on an A10G?", 47.0),
    ("how long to generate one 90-second track with musicgen medium on an A10G?", 90.0),
    ("musicgen large: time to generate one 2 minute song on an A100?", 120.0),
    ("make a 3 minute song with musicgen large on an L40S: how long does it take?", 180.0),
    ("how long does musicgen medium take to make a 60 second track on an L4?", 60.0),
    ("Cât durează să generez o melodie de 2 minute cu musicgen large pe un A100?", 120.0),
    ("câte secunde durează o piesă de 90 de secunde cu musicgen medium pe un A10G?", 90.0),
    ("bark on an A10G: how long to synthesize 1 minute of speech?", 60.0),  # as before
])
def test_one_piece_length_is_read(q: str, seconds: float) -> None:
    assert media_rate_asked(q) == ("audio_length", seconds)


@pytest.mark.parametrize("q", [
    # plural pieces before the time asked are no one piece: the count is elsewhere
    "I have 30-second clips, how long to transcribe 10,000 of them with whisper large-v3?",
    "how long to generate 1000 songs with musicgen large on an A100?",
])
def test_pieces_counted_are_no_one_length(q: str) -> None:
    assert media_rate_asked(q) is None


@pytest.mark.parametrize(("q", "minutes"), [
    ("what does it cost to make a 2 minute song with musicgen large on an a100?", 2.0),
    ("bark tts on t4 - cost to generate 10 seconds of speech?", 10 / 60),
    ("cost of one 90-second track with musicgen medium", 1.5),
    ("cat costa o melodie de 2 minute cu musicgen large?", 2.0),
    ("cat costa un clip de 30 de secunde cu musicgen large?", 0.5),
])
def test_one_piece_is_its_amount_of_audio(q: str, minutes: float) -> None:
    assert _audio_minutes(q) == pytest.approx(minutes)


@pytest.mark.parametrize(("q", "ref", "factor"), [
    ("musicgen large: time to generate one 2 minute song on an A100?",
     "how long to generate 30 seconds of music with musicgen large on an A100?", 4.0),
    ("make a 3 minute song with musicgen large on an L40S: how long does it take?",
     "how long to generate 30 seconds of music with musicgen large on an L40S?", 6.0),
    ("how long does musicgen medium take to make a 60 second track on an L4?",
     "how long to generate 30 seconds of music with musicgen medium on an L4?", 2.0),
    ("how long to generate one 90-second track with musicgen medium on an A10G?",
     "how long to generate 30 seconds of music with musicgen medium on an A10G?", 3.0),
    ("bark tts on T4 - how many seconds to generate 10 seconds of speech?",
     "bark tts on T4: how long to synthesize 1 minute of speech?", 1 / 6),
    ("how many seconds does stable audio open take for one 47 s clip on an A10G?",
     "how long does stable audio open take to make 47 seconds of audio on an A10G?", 1.0),
    ("Cât durează să generez o melodie de 2 minute cu musicgen large pe un A100?",
     "how long to generate 30 seconds of music with musicgen large on an A100?", 4.0),
])
def test_one_piece_time_is_answered(q: str, ref: str, factor: float) -> None:
    r, base = ask(q), ask(ref)
    quantity, value, unit = asked(r)
    assert quantity == "seconds_for_audio" and unit == "s", head(r)
    assert asked(base)[0] == "seconds_for_audio", head(base)
    assert value == pytest.approx(asked(base)[1] * factor, rel=1e-6)


def test_the_audit_figures() -> None:
    bark = ask("bark tts on T4 - how many seconds to generate 10 seconds of speech?")
    assert 20 < asked(bark)[1] < 30, head(bark)  # ~25 s at ~0.4 s of audio a second
    assert "for 10 s of audio" in first_sentence(bark), head(bark)
    sao = ask("how many seconds does stable audio open take for one 47 s clip on an A10G?")
    assert 11 < asked(sao)[1] < 14, head(sao)  # ~12.7 s at ~3.7 s of audio a second
    song = ask("musicgen large: time to generate one 2 minute song on an A100?")
    assert 90 < asked(song)[1] < 130 and "for 120 s of audio" in first_sentence(song)
    ro = ask("Cât durează să generez o melodie de 2 minute cu musicgen large pe un A100?")
    assert "pentru 120 s de audio" in first_sentence(ro), head(ro)


def test_longer_than_a_clip_is_made_piece_by_piece() -> None:
    long = ask("musicgen large: time to generate one 2 minute song on an A100?")
    assert "makes about 30 s of audio per request by default" in long.answer, head(long)
    assert "over all 120 s" in long.answer
    ro = ask("Cât durează să generez o melodie de 2 minute cu musicgen large pe un A100?")
    assert "circa 30 s de audio per cerere" in ro.answer, head(ro)
    short = ask("how long to generate 30 seconds of music with musicgen large on an A100?")
    assert "piece by piece" not in short.answer, head(short)
    sao = ask("how many seconds does stable audio open take for one 47 s clip on an A10G?")
    assert "piece by piece" not in sao.answer, head(sao)  # no default clip in the catalog
