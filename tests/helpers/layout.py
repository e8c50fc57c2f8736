"""What a screen must not do: overflow, small targets, text cut off."""

from helpers.browser import axe_violations, screenshot, wait_still

SIZES = {"320": {"width": 320, "height": 640}, "390": {"width": 390, "height": 844}}


WIDEST = """() => Math.max(...[...document.querySelectorAll('body *')]
    .filter((el) => el.getClientRects().length && !el.closest('.visually-hidden'))
    .map((el) => el.getBoundingClientRect().right))"""


SMALL_TARGETS = """() => [...document.querySelectorAll('button, a.btn, input, select, summary')]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el.textContent.trim() || el.id || el.type,
                  (el.type === 'checkbox' && el.closest('label') || el).getBoundingClientRect()])
    .filter(([, r]) => r.width < 47.5 || r.height < 47.5)
    .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def screen_problems(page, shot, axe_source=None, show=None):
    """The screen on `page` at each of SIZES, light and dark: {"320-dark": (widest right
    edge, targets under 48 px, axe violations)} for each view that is wider than the screen,
    has a small target or (given `axe_source`) an axe violation; {} when every view passes.
    `show(page)` brings the part to check into view first; each view is saved as the
    screenshot `{shot}-{size}-{scheme}`."""
    problems = {}
    for size in sorted(SIZES):
        for scheme in ("light", "dark"):
            page.set_viewport_size(SIZES[size])
            page.emulate_media(color_scheme=scheme)
            if show is not None:
                show(page)
            wait_still(page)
            widest, small = page.evaluate(WIDEST), page.evaluate(SMALL_TARGETS)
            found = axe_violations(page, axe_source) if axe_source else []
            if widest > SIZES[size]["width"] + 0.5 or small or found:
                problems[f"{size}-{scheme}"] = (widest, small, found)
            screenshot(page, f"{shot}-{size}-{scheme}")
    return problems
