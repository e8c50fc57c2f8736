"""The phone's QR codes (js/parts/qr-code.js, npm's lean-qr vendored) are the codes the
server's encoder (segno) makes for the same text, version, level and mask, module for module:
a code that scans. And the share screen draws one, offline too."""

import pytest
import segno
from helpers.browser import wait_js

LINKS = [
    "http://127.0.0.1:8000/s/Zq3xY8bQ2mN4pL7sK1vT9wR5",
    "https://tally42.example/#/crew-join/0f6c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f/"
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
    "https://tally42.example/#/t/5b0c3d7e-9a8f-4e2d-b1c6-7a8b9c0d1e2f/W1.2/"
    "Kx7pQ2mN4pL7sK1vT9wR5Zq3xY8bQ2mN4pL7sK1vT9w",
]


def phone_modules(page, text):
    """The dark modules the phone draws for `text`, as rows of 0/1."""
    return page.evaluate(
        """async (text) => (await import('/js/parts/qr-code.js')).modules(text)
             .map((row) => row.map((dark) => (dark ? 1 : 0)))""",
        text,
    )


def segno_twin(text, rows):
    """(level, mask) of the segno code (byte mode, same version) equal to `rows`, or None."""
    version = (len(rows) - 17) // 4
    for level in "LMQH":
        for mask in range(8):
            try:
                # lean-qr's nano build marks its bytes as UTF-8 (ECI 26), as segno does here
                code = segno.make(
                    text,
                    error=level,
                    version=version,
                    mask=mask,
                    mode="byte",
                    boost_error=False,
                    encoding="utf-8",
                    eci=True,
                )
            except segno.DataOverflowError:  # this level does not fit this version
                break
            if [list(row) for row in code.matrix] == rows:
                return level, mask
    return None


@pytest.mark.parametrize("text", LINKS)
def test_the_phone_draws_the_code_segno_makes(phone, text):
    phone.goto("/")
    rows = phone_modules(phone, text)
    twin = segno_twin(text, rows)
    assert twin is not None, "no segno code of this version equals the phone's"
    assert twin[0] in "MQH"  # level M at least: a phone camera reads it off a screen


def test_a_wrong_code_would_be_caught(phone):
    """The comparison can fail: one flipped module matches no segno code."""
    phone.goto("/")
    rows = phone_modules(phone, LINKS[0])
    rows[10][10] ^= 1
    assert segno_twin(LINKS[0], rows) is None


def test_the_share_screen_shows_the_qr_offline(table):
    page = table.page
    table.open()
    game_id = table.new_game("marks")
    table.wait_synced(game_id)
    page.context.set_offline(True)
    page.goto(f"/#/g/{game_id}/over")
    page.wait_for_selector("svg.qr")
    label = page.locator("svg.qr").first.get_attribute("aria-label")
    assert label.startswith("QR code")
    wait_js(page, "() => document.querySelector('svg.qr path').getAttribute('d').length > 100")
