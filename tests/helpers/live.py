"""A page made hidden or shown (visibilitychange), for the live screens."""

HIDE = """(hidden) => {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}"""
