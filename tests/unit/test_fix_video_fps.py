"""HunyuanVideo's clip is 129 frames written at 24 fps (its sample_video.py): a 5-second video
is one clip. Without a frame rate in its notes the answer said "a 5-second video may take more
than one clip"."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, head


def test_a_5_second_hunyuan_video_is_one_clip() -> None:
    text = head(ask("How long to generate a 5 second video with HunyuanVideo on an H100?"))
    assert "129 frames per clip at 24 fps, about 5.4 seconds: a 5-second video is one clip" \
        in text
    assert "may take more than one clip" not in text


def test_a_10_second_hunyuan_video_is_one_clip_of_its_frames_in_romanian() -> None:
    # one clip of 10 s x 24 fps + 1 = 241 frames since session 31 (test_fix_videoask31), as
    # /v1/sizing with num_frames 241; it was 2 clips of the model's own 129
    r = ask("Cât durează generarea unui clip video de 10 secunde cu HunyuanVideo pe un H100?")
    assert "241 de cadre" in head(r) and "2 clipuri" not in head(r), head(r)
