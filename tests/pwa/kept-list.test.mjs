// The lists of events and parties this phone runs (pwa/js/kept-list.js, node --test): one
// entry an id, newest first, a change merged into what is kept so no token is lost, a deleted
// one forgotten; the list given is never written into.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { withEntry, withoutEntry } from '../../pwa/js/kept-list.js';

const blank = (id) => ({ id, links: {} });
const LIST = Object.freeze([
  Object.freeze({ id: 'b', name: 'Friday party', token: 'tb', links: { 1: 't1' } }),
  Object.freeze({ id: 'a', name: 'Old party', token: 'ta', links: {} }),
]);

test('a new entry goes first, made from the blank one and its fields', () => {
  const { list, entry } = withEntry(LIST, 'c', { name: 'New', token: 'tc' }, blank);
  assert.deepEqual(entry, { id: 'c', links: {}, name: 'New', token: 'tc' });
  assert.deepEqual(
    list.map((e) => e.id),
    ['c', 'b', 'a'],
  );
});

test('a kept entry keeps its place and every field a change does not name (its token)', () => {
  const { list, entry } = withEntry(LIST, 'b', { links: { 1: 't1', 2: 't2' } }, blank);
  assert.deepEqual(entry, {
    id: 'b',
    name: 'Friday party',
    token: 'tb',
    links: { 1: 't1', 2: 't2' },
  });
  assert.deepEqual(
    list.map((e) => e.id),
    ['b', 'a'],
  );
  assert.deepEqual(LIST[0].links, { 1: 't1' }, 'the list given is left as it was');
});

test('a deleted entry is forgotten, the others kept in their order', () => {
  assert.deepEqual(
    withoutEntry(LIST, 'b').map((e) => e.id),
    ['a'],
  );
  assert.equal(withoutEntry(LIST, 'z').length, 2);
});
