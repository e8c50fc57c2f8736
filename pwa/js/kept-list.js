// A list this phone keeps in IndexedDB's `meta` store, newest first, one entry an id: the
// events and the parties it runs (director.js, party.js), with their tokens. The list's changes
// are pure (node tests them: tests/pwa/kept-list.test.mjs); keptList reads and writes the row.
import { getMeta, putMeta } from './store.js';

/** `list` with entry `id` given `fields` (merged into the kept entry, else into `blank(id)`
 * put first): {list, entry}. `list` itself is left as it was. */
export function withEntry(list, id, fields, blank) {
  const at = list.findIndex((e) => e.id === id);
  const entry = { ...(at >= 0 ? list[at] : blank(id)), ...fields };
  const next = at >= 0 ? list.map((e, i) => (i === at ? entry : e)) : [entry, ...list];
  return { list: next, entry };
}

/** `list` without entry `id`. */
export const withoutEntry = (list, id) => list.filter((e) => e.id !== id);

/** The list kept under meta row `key`: {all, one, keep, forget}; `blank(id)` is a new entry. */
export function keptList(key, blank) {
  const all = async () => (await getMeta(key)) || [];
  return {
    all,
    one: async (id) => (await all()).find((e) => e.id === id),
    async keep(id, fields) {
      const { list, entry } = withEntry(await all(), id, fields, blank);
      await putMeta(key, list);
      return entry;
    },
    forget: async (id) => putMeta(key, withoutEntry(await all(), id)),
  };
}
