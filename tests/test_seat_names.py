"""Seat names: "You" only when one human plays against CPUs; else
P1/P2/P3 ("Player 2" in the results), "(CPU)" on a CPU's seat, the same on the table, the
scores and the results. Bharg: two or three seats, any but the first may be a CPU's;
Jekyll & Hyde: two seats named by their parts, the CPU's with "(CPU)".

And every text with a name still fits its line."""

import itertools
import os

import pytest
from driven import app, fresh_nvm, top

import host_sim
from games.bharg import engine as bharg_engine
from games.bharg import flow as bharg_flow
from games.jekyll import engine as jekyll_engine
from games.jekyll import flow as jekyll_flow
from handheld.layout import wrap_text

HUMAN, EASY, NORMAL = bharg_flow.KIND_HUMAN, bharg_flow.KIND_EASY, bharg_flow.KIND_NORMAL


def _bharg_combinations():
    """(kinds, seats) for every set-up: seat 0 human, the others human or a CPU (easy or
    normal); two seats' kinds end in a 0 (the Player 3 row does not count)."""
    out = []
    for second in (HUMAN, EASY, NORMAL):
        out.append((bytes((HUMAN, second, HUMAN)), 2))
        for third in (HUMAN, EASY, NORMAL):
            out.append((bytes((HUMAN, second, third)), 3))
    return out


def _expected(kinds, seats, short=True):
    """The names the issue asks for, worked out apart from the flow."""
    humans = [seat for seat in range(seats) if not kinds[seat]]
    names = []
    for seat in range(seats):
        if humans == [seat]:
            names.append("You")
            continue
        name = ("P%d" if short else "Player %d") % (seat + 1)
        names.append(name + " (CPU)" if kinds[seat] else name)
    return names


@pytest.mark.parametrize(("kinds", "seats"), _bharg_combinations())
def test_bharg_names_every_seat_the_same_way_everywhere(kinds, seats):
    names = _expected(kinds, seats)
    longs = _expected(kinds, seats, False)
    assert [bharg_flow.seat_name(s, kinds, seats) for s in range(seats)] == names
    assert [bharg_flow.seat_name(s, kinds, seats, False) for s in range(seats)] == longs
    solo = kinds[:seats].count(HUMAN) == 1
    assert ("You" in names) == solo
    options = bharg_engine.OPT_THREE_PLAYERS if seats == 3 else 0
    game = bharg_engine.Game(3, options)
    play = bharg_flow.Play(game, kinds)
    play.covered = False
    # The table: the scoreboard's rows, and whose turn it is.
    for seat in range(seats):
        row = play.board_text(seat + 1)
        assert row[0] == (">" if seat == play.seat else " ")
        assert row[1:].startswith(names[seat] + " ") and len(row) <= bharg_flow.BOARD_COLUMNS
        assert row.endswith(" 0") if any(kinds[:seats]) else row.endswith(" 0 pts")
    assert play.board_text(seats + 1) == ""
    acting = game.current_player()
    status = play.status_text()
    assert status.startswith(names[acting] + (" thinking" if kinds[acting] else " draw"))
    # The round's first lines: who dealt, who starts; each fits the summary line.
    summary = bharg_flow.turn_summary(game.observation(play.seat), kinds)
    dealer = game.observation(0)["dealer"]
    assert summary[0].startswith("Round 1: %s dealt" % names[dealer])
    assert names[(dealer + 1) % seats] in " ".join(summary)
    assert all(len(line) <= bharg_flow.SUMMARY_COLUMNS for line in summary)
    # Every other text with a name: the round's title, the scores, the match's result.
    for winner in range(seats):
        scores = [0] * seats
        scores[winner] = 17
        obs = {
            "round": 12,
            "dealer": winner,
            "scores": scores,
            "match_winner": winner,
            "target": 50,
            "round_result": {"winner": winner, "points": 17, "reason": "win"},
        }
        title = bharg_flow.round_title(obs, kinds)
        assert names[winner] in title and len(title) <= bharg_flow.TITLE_COLUMNS
        verb = " win " if names[winner] == "You" else " wins "
        assert bharg_flow._round_text(obs, kinds) == names[winner] + verb + "17 pts"
        assert bharg_flow.match_text(obs, kinds) == longs[winner] + verb.rstrip() + "!"
        lines = bharg_flow.final_text(obs, kinds).split("\n")
        assert lines[:seats] == ["%s: %d pts" % (longs[s], scores[s]) for s in range(seats)]
        next_text = bharg_flow.next_text(obs, kinds)
        assert next_text.startswith("Next: " + names[(winner + 1) % seats] + " deal")
        assert len(wrap_text(next_text.replace(", ", ",\n"), 27)) == 2


def test_every_turn_text_with_a_cpus_name_fits_the_summary_line():
    for who in ("P3 (CPU)", "You"):
        for took, discarded in itertools.product(
            list(range(45)) + [bharg_engine.FROM_DECK], range(45)
        ):
            text = bharg_flow._turn_text(2, took, discarded, who)
            assert text.startswith(who + " ") and len(text) <= bharg_flow.SUMMARY_COLUMNS


def test_without_names_the_texts_are_as_before():
    # No kinds: every seat human, "P1".."P3" (the device tests' texts).
    game = bharg_engine.Game(3, bharg_engine.OPT_THREE_PLAYERS)
    assert bharg_flow.turn_summary(game.observation(1)) == [
        "Round 1: P1 dealt, P2 starts",
        "(the player after the dealer)",
    ]
    play = bharg_flow.Play(game)
    assert play.board_text(2) == ">P2 0 pts" and play.status_text() == "P2 draw a card"


def test_issue_31_three_seats_one_cpu_never_say_you():
    # Seed 23: Players 1 and 3 human, Player 2 a CPU: on Player 3's turn the scores said
    # "You / P2 / >P3". The table now names P1, P2 (CPU) and P3; "You" nowhere.
    keys = "GAME:bharg RIGHT DOWN DOWN DOWN RIGHT A WAIT*700 A WAIT*4000"
    host_sim.run(keys, seed=23, nvm=fresh_nvm())
    screen = top()
    assert screen.flow.seat == 2 and screen.status.text == "P3 draw a card"
    board = [line.text for line in screen.board[1:]]
    assert board == [" P1        0", " P2 (CPU)  0", ">P3        0"]
    texts = [line.text for line in screen.summary] + [screen.status.text, screen.name.text]
    assert not any("You" in text for text in texts + board)
    assert screen.summary[0].text.startswith("P2 (CPU) ")


def test_issue_31_the_round_end_and_the_scores_name_the_cpu_seats():
    # One human against two CPUs: "You" and "P2 (CPU)", "P3 (CPU)" on the round's end and
    # the scoreboard.
    import test_bharg_screens as screens_test

    here = os.getcwd()
    sim, player = screens_test.play(
        "GAME:bharg RIGHT DOWN DOWN DOWN RIGHT DOWN RIGHT A",
        screens_test.on_screen("ScoreScreen"),
        seed=2,
    )
    os.chdir(here)
    _, _, round_end = player.shots["RoundEndScreen"]
    # Each seat's column: its name ("P2" large and "(CPU)" small beside it), "unbound",
    # the value.
    assert round_end[1:4] == ["You", "unbound", round_end[3]]
    assert round_end[4:7] == ["(CPU)", "P2", "unbound"] and round_end[8:11] == [
        "(CPU)",
        "P3",
        "unbound",
    ]
    scores = screens_test.label_texts(app().top().group)
    assert [scores[i] for i in (1, 3, 5)] == ["You", "P2 (CPU)", "P3 (CPU)"]
    assert "Next: P2 (CPU) deals," in scores and "P3 (CPU) starts" in scores


# -- Jekyll & Hyde ------------------------------------------------------------------------------


@pytest.mark.parametrize("cpu_seat", [-1, 0, 1])
def test_jekyll_names_its_seats_by_their_parts_and_the_cpu_so(cpu_seat):
    names = ["Dr. Jekyll", "Mr. Hyde"]
    shorts = ["Jekyll", "Hyde"]
    if cpu_seat >= 0:
        names[cpu_seat] += " (CPU)"
        shorts[cpu_seat] += " (CPU)"
    assert [jekyll_flow.seat_name(s, cpu_seat) for s in (0, 1)] == names
    assert [jekyll_flow.seat_name(s, cpu_seat, True) for s in (0, 1)] == shorts
    for winner in (0, 1):
        title = jekyll_flow.result_title(winner, cpu_seat)
        if cpu_seat >= 0 and winner != cpu_seat:
            assert title == "You win"  # the one player against the CPU
        else:
            assert title == names[winner] + " wins"
    # Two players: never "You" for a seat.
    assert ("You" in jekyll_flow.result_title(1 - max(cpu_seat, 0), cpu_seat)) == (cpu_seat >= 0)
    game = jekyll_engine.Game(5, jekyll_flow.options_for(0, 0, 1 if cpu_seat == 0 else 0))
    obs = game.observation(0)
    assert jekyll_flow.phase_text(obs, cpu_seat) == shorts[0] + ": draw"
    # The result's scores name the seats the same way.
    obs = dict(obs, reason=0, winner=0, ribbon_end=jekyll_engine.REASON_EMPTY, recipe=[])
    text = jekyll_flow.result_text(obs, str, cpu_seat)
    assert "%s %d, %s %d." % (shorts[0], obs["scores"][0], shorts[1], obs["scores"][1]) in text


def test_jekyll_captions_name_the_cpu_and_fit_their_line():
    game = jekyll_engine.Game(5, jekyll_flow.options_for(0, 0, 1))  # the CPU is Dr. Jekyll
    play = jekyll_flow.Play(game, str, 2)
    assert play.cpu_seat == 0 and play.mode == jekyll_flow.MODE_CPU
    play.mode = jekyll_flow.MODE_MENU  # (as the owner's turn shows it)
    play.obs["opponent_hand"] = 12
    caption = play.caption()
    assert caption.startswith("Jekyll (CPU) holds 12") and len(caption) <= 31
    play.obs["opponent_hand"] = 3
    assert play.caption() == "Jekyll (CPU) holds 3  ribbon %d" % len(play.obs["ribbon"])
    # Two players: as before.
    play = jekyll_flow.Play(jekyll_engine.Game(5), str)
    play.mode = jekyll_flow.MODE_MENU
    assert play.caption().startswith("Hyde holds 3  ribbon ")
