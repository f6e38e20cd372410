"""The commit-msg check: subjects of at most 72 characters, the why in the body."""

from __future__ import annotations

from pathlib import Path

from tools.commit_subject import MAX_SUBJECT, main, subject_problem


def test_a_short_subject_with_a_body_passes() -> None:
    assert subject_problem("Search: settled leaves\n\nThe estimate is least right mid-move.\n") is None


def test_a_long_subject_is_refused_with_its_length() -> None:
    problem = subject_problem("x" * (MAX_SUBJECT + 1) + "\n")
    assert problem is not None and f"{MAX_SUBJECT + 1} characters" in problem


def test_git_comment_lines_and_merges_are_not_subjects() -> None:
    assert subject_problem("# Please enter the commit message\nShort\n") is None
    assert subject_problem("Merge branch '" + "b" * 80 + "'\n") is None
    assert subject_problem("# only a comment\n\n") == "the commit message has no subject line"


def test_the_command_exits_1_on_a_refused_message(tmp_path: Path) -> None:
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.write_text("Fine subject\n", encoding="utf-8")
    bad.write_text("y" * 100 + "\n", encoding="utf-8")
    assert main([str(good)]) == 0 and main([str(bad)]) == 1 and main([]) == 2
