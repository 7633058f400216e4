// Plots over time for the game-over screen (issue 9, section 3): territory, units and
// score per player, drawn from the replay. The replay gives the actions; the views at
// the start of each turn (sampled to at most MAX_POINTS) come from the server's replay
// steps; the ruleset module says what to plot (`chartSeries(view)`: {title: {role:
// number}}), else the view's scores when it has them.

import { api } from "./api.js";
import { turnStarts } from "./replay.js";
import { h, s } from "./ui.js";

const MAX_POINTS = 24;
const W = 300;
const H = 120;
const PAD = { left: 28, right: 8, top: 8, bottom: 18 };

function defaultSeries(view) {
  const scores = view && view.board && view.board.scores;
  return scores ? { Score: scores } : {};
}

/** Evenly spread picks of at most n items, always keeping the last one. */
function spread(items, n) {
  if (items.length <= n) return items;
  const out = [];
  for (let i = 0; i < n - 1; i += 1) out.push(items[Math.floor((i * items.length) / (n - 1))]);
  out.push(items[items.length - 1]);
  return [...new Set(out)];
}

/** The series of a finished game: {steps, charts: {title: {role: [values]}}}. */
export async function gameSeries(gameId, mod) {
  const replay = await api.replay(gameId);
  const steps = spread([...turnStarts(replay.actions, mod), replay.actions.length], MAX_POINTS);
  const views = await Promise.all(steps.map((step) => api.replayStep(gameId, step, null).then((r) => r.view)));
  const seriesOf = mod && mod.chartSeries ? mod.chartSeries : defaultSeries;
  const charts = {};
  views.forEach((view, i) => {
    for (const [title, values] of Object.entries(seriesOf(view) || {})) {
      charts[title] = charts[title] || {};
      for (const [role, value] of Object.entries(values)) {
        charts[title][role] = charts[title][role] || new Array(steps.length).fill(null);
        charts[title][role][i] = value;
      }
    }
  });
  return { steps, charts };
}

/** One small line chart: a polyline per role, its last value at its end. */
export function lineChart(title, byRole, steps, roleColor) {
  const values = Object.values(byRole).flat().filter((v) => v !== null);
  const top = Math.max(1, ...values);
  const x = (i) => PAD.left + (steps.length > 1 ? (i / (steps.length - 1)) * (W - PAD.left - PAD.right) : 0);
  const y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${title} over the game` });
  svg.append(
    s("line", { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), class: "axis" }),
    s("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y(0), class: "axis" }),
    s("text", { x: PAD.left - 4, y: PAD.top + 8, "text-anchor": "end", class: "tick" }, String(top)),
    s("text", { x: PAD.left - 4, y: y(0), "text-anchor": "end", class: "tick" }, "0"),
    s("text", { x: (W + PAD.left) / 2, y: H - 3, "text-anchor": "middle", class: "tick" }, `turns (step ${steps[0]} to ${steps[steps.length - 1]})`),
  );
  for (const [role, series] of Object.entries(byRole)) {
    const points = series.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
    svg.append(s("polyline", { points: points.join(" "), fill: "none", stroke: roleColor(role), "stroke-width": 2.2, "data-role": role }));
  }
  const last = (series) => [...series].reverse().find((v) => v !== null);
  return h(
    "figure",
    { class: "chart-box" },
    h("figcaption", {}, title, " · ", Object.entries(byRole).map(([role, series]) => h("span", { class: "chart-key", style: `--role:${roleColor(role)}` }, `${role} ${last(series) ?? "–"}`))),
    svg,
  );
}

/** The charts of a finished game, filled in when the server has answered. */
export function gameCharts(gameId, mod, roleColor) {
  const box = h("div", { class: "game-charts", "aria-live": "polite" }, h("p", { class: "hint" }, "Drawing the game over time…"));
  gameSeries(gameId, mod)
    .then(({ steps, charts }) => {
      box.replaceChildren(...Object.entries(charts).map(([title, byRole]) => lineChart(title, byRole, steps, roleColor)));
    })
    .catch((err) => box.replaceChildren(h("p", { class: "hint" }, `No plots: ${err.message}`)));
  return box;
}
