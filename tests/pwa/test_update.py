"""A new service worker version offers "update available"; taking it drops the old cache."""

import pathlib
import re
import shutil

from helpers.browser import Table, new_phone, serve, wait_js

PWA = pathlib.Path(__file__).resolve().parents[2] / "pwa"
CACHE_NAMES = "async () => (await caches.keys()).filter((n) => n.startsWith('tally42-shell-'))"


def test_new_version_offers_update_and_drops_old_cache(browser, tmp_path):
    shutil.copytree(PWA, tmp_path / "pwa")
    url, stop = serve(tmp_path, PWA_DIR=str(tmp_path / "pwa"))
    context, page = new_phone(browser, url)
    try:
        Table(page, url).open()
        old = page.evaluate(CACHE_NAMES)
        assert len(old) == 1
        sw = tmp_path / "pwa" / "sw.js"
        newer = re.sub(r"const VERSION = '([^']*)'", r"const VERSION = '\1-next'", sw.read_text())
        sw.write_text(newer)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update:not([hidden])")
        with page.expect_navigation():
            page.click("#update-now")
        wait_js(page, "() => navigator.serviceWorker.controller !== null")
        wait_js(
            page,
            f"""async () => {{ const n = await ({CACHE_NAMES})();
            return n.length === 1 && n[0] !== {old[0]!r}; }}""",
        )
        assert page.is_hidden("#update")
    finally:
        context.close()
        stop()
