// An action's arguments by name, as its ruleset declares them (issue 21; core/verbs.py,
// games/<id>/verbs.py). An action travels as a plain list, [verb, ...arguments]; what
// each position means is declared once, on the server, and served with the ruleset's
// board data (GET /api/rulesets/<id>/board-data, key `verbs`: each verb's `args` as
// [name, kind] pairs, `many` when its last argument repeats, `short` the other counts
// it takes). The board modules read `named.to`, `named.unit` from here rather than
// restating each verb's layout, so a verb whose shape changes on the server changes
// here with it.

const tables = new Map();

/** The verbs table of ruleset `id`, fetched once per page (a `fetched` board data
 * promise may be given by a module that loads the board data anyway, so that it is
 * fetched once). Resolves to {} when it did not load: every action is then
 * undeclared (`argsOf` null) and the page shows its generic label, as for an unknown verb. */
export function loadVerbs(id, fetched = null) {
  if (!tables.has(id)) {
    const data =
      fetched ||
      fetch(`/api/rulesets/${encodeURIComponent(id)}/board-data`, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.json();
      });
    tables.set(
      id,
      Promise.resolve(data).then(
        (json) => json?.verbs || {},
        (err) => {
          console.error(`the declared actions of ${id} did not load`, err);
          tables.delete(id); // a later module load may try again
          return {};
        },
      ),
    );
  }
  return tables.get(id);
}

/** The arguments of `action` by name, as `table` declares its verb (the server's
 * `Verbs.args`): the last argument of a `many` verb is the list of the rest; the
 * arguments a short form leaves out are missing. Null when the verb is not declared. */
export function argsOf(table, action) {
  const [verb, ...rest] = action;
  const spec = table?.[verb];
  if (!spec) return null;
  const fixed = spec.many ? spec.args.length - 1 : spec.args.length;
  const named = {};
  spec.args.slice(0, fixed).forEach(([name], i) => {
    if (i < rest.length) named[name] = rest[i];
  });
  if (spec.many) named[spec.args[fixed][0]] = rest.slice(fixed);
  return named;
}
