// The phone's modules import in one direction (node --test): no import cycle among
// pwa/js's modules, and no screen (views/*.js) importing another screen; what several screens
// draw lives in parts/. Read from the files' static imports (`import ... from`, `export ...
// from`); an import() made while the app runs is loaded later and cannot close a cycle at load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const JS = resolve(dirname(fileURLToPath(import.meta.url)), '../../pwa/js');

// a static import or re-export at the start of a line, over several lines when it names many
const STATIC = /^(?:import|export)\s+(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Every .js file under `dir`, as paths relative to pwa/js ("views/event.js"). */
function modules(dir = JS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.js') ? [relative(JS, path)] : [];
  });
}

/** The pwa/js modules `source` (the text of module `name`) imports statically, by name. */
export function staticImports(name, source) {
  const here = dirname(join(JS, name));
  return [...source.matchAll(STATIC)]
    .map(([, spec]) => relative(JS, resolve(here, spec)))
    .filter((path) => !path.startsWith('..'));
}

/** {module: [modules it imports]} for every module under pwa/js. */
function importGraph() {
  return Object.fromEntries(
    modules().map((name) => [name, staticImports(name, readFileSync(join(JS, name), 'utf8'))]),
  );
}

/** The first import cycle found in `graph`, as [a, b, ..., a]; null when there is none. */
export function findCycle(graph) {
  const state = new Map(); // module -> 'open' while on the path, 'done' once all it reaches is
  const path = [];
  const visit = (name) => {
    state.set(name, 'open');
    path.push(name);
    for (const next of graph[name] || []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(graph).sort()) {
    if (state.has(name)) continue;
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/** [screen, screen it imports] for every views/*.js importing another views/*.js. */
export function screenToScreen(graph) {
  const isScreen = (name) => name.startsWith('views/');
  return Object.entries(graph).flatMap(([name, imports]) =>
    isScreen(name) ? imports.filter(isScreen).map((other) => [name, other]) : [],
  );
}

test('the reader finds imports over several lines, re-exports and folders', () => {
  const graph = importGraph();
  assert.ok(graph['game.js'].includes('rules.js'), 'a multi-line import');
  assert.ok(graph['game.js'].includes('names.js'));
  assert.ok(graph['views/score-sheet.js'].includes('game.js'), "a '../' import");
  assert.ok(graph['views/new-game.js'].includes('parts/house-rules.js'));
  const sample = "import * as api from './api.js';\nexport { a, b as c } from './x.js';\n";
  assert.deepEqual(staticImports('views/v.js', sample), ['views/api.js', 'views/x.js']);
  assert.deepEqual(staticImports('a.js', "// see import('./b.js')\nimport('./c.js');\n"), []);
});

test('the checks catch a cycle and a screen importing a screen', () => {
  const graph = { 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['a.js'], 'd.js': ['a.js'] };
  assert.deepEqual(findCycle(graph), ['a.js', 'b.js', 'c.js', 'a.js']);
  assert.equal(findCycle({ 'a.js': ['b.js'], 'b.js': [], 'c.js': ['a.js', 'b.js'] }), null);
  assert.deepEqual(screenToScreen({ 'views/a.js': ['views/b.js', 'parts/c.js'] }), [
    ['views/a.js', 'views/b.js'],
  ]);
});

test('no import cycle among the phone modules', () => {
  const cycle = findCycle(importGraph());
  assert.equal(cycle, null, `an import cycle: ${cycle?.join(' -> ')}`);
});

test('no screen imports another screen: what several draw is in parts/', () => {
  assert.deepEqual(screenToScreen(importGraph()), []);
});
