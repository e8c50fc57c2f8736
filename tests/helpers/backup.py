"""A phone's backup taken and restored on the phone."""

import json
from pathlib import Path

from helpers.browser import wait_js


def back_up(page, path):
    """Open Backup, tap "Back up this phone", save the download to `path`; returns the doc."""
    page.goto("/#/backup")
    page.wait_for_selector("#backup-now")
    with page.expect_download() as info:
        page.click("#backup-now")
    download = info.value
    assert download.suggested_filename.startswith("tally42-backup-")
    download.save_as(path)
    return json.loads(Path(path).read_text())


def restore(page, path):
    """Restore from the file on the Backup screen; returns the report's lines."""
    page.goto("/#/backup")
    page.set_input_files("#restore-file", str(path))
    wait_js(page, "() => document.querySelector('#restore-report .restored')")
    return page.locator("#restore-report li").all_inner_texts()
