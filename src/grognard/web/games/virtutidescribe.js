// Virtuti Militari's actions in words, for the board and the buttons (`describe`), with
// the unit words the page's other questions use. Each verb's arguments are read by name
// from its declaration (games/virtuti/verbs.py), served with the board data.

import { article, titleCase } from "../ui.js";
import { argsOf } from "../verbs.js";
import { areaName, boardData, factionName, loadBoardData, orderName, unitName, unitShort } from "./virtutidata.js";

// ----- the actions ------------------------------------------------------------------
// Choices about one unit that are not moves (strengthen, upgrade, take a loss) are
// buttons naming the unit and its area: the page lists them all at once, which reads
// better than selecting each counter in a crowded area.
function cardName(id) {
  return boardData()?.cards?.[id]?.name || titleCase(id);
}

export function unitWords(uid, view) {
  const unit = (view?.board?.units || []).find((u) => u.id === uid);
  return unit ? `${unitName(unit)} (level ${unit.lv}, ${areaName(unit.a)})` : uid;
}

/** Whether units of the other side than unit `uid`'s stand in `area`. */
function enemyIn(uid, area, view) {
  const units = view?.board?.units || [];
  const unit = units.find((u) => u.id === uid);
  const side = (f) => (f === "axis" ? "axis" : "allies");
  return Boolean(unit) && units.some((u) => u.a === area && side(u.f) !== side(unit.f));
}

/** The area the Move order under way would attack on Go, if any (the view's `move`:
 * the units sent so far and where). */
function plannedBattle(view) {
  const move = view?.board?.move;
  if (!move) return null;
  const hit = Object.entries(move.plan || {}).find(([uid, area]) => enemyIn(uid, area, view));
  return hit ? hit[1] : null;
}

// The board data (with each verb's declaration, games/virtuti/verbs.py) is asked for
// while this module loads, so that `describe` has it from the first view; a failure is
// the board's to report (it asks again, and the page draws again once it is in).
await loadBoardData().catch(() => null);

/** What each Virtuti action is about, for the board and the buttons. Each verb's
 * arguments are read by name from its declaration, which comes with the board data:
 * while that is missing (or for a verb it does not declare) this is null, the page's
 * generic label. */
export function describe(action, view) {
  const verb = action[0];
  const x = argsOf(boardData()?.verbs, action);
  if (!x) return null;
  switch (verb) {
    case "card":
      return { label: `${factionName(x.faction)}: play ${cardName(x.card)}` };
    case "air":
      return { label: `${factionName(x.faction)}: commit an air support token of level ${x.token}` };
    case "buy":
      return { label: `${factionName(x.faction)}: buy ${article(unitShort(x.type, true))} ${unitShort(x.type, true)} of level ${x.level}` };
    case "strengthen":
      return { label: `Strengthen ${unitWords(x.unit, view)}` };
    case "upgrade":
      return { label: `Upgrade ${unitWords(x.unit, view)}` };
    case "submarine":
      return { label: `${factionName(x.faction)}: build a submarine` };
    case "deploy_sub":
      return { hex: x.sea, kind: "build", label: `${factionName(x.faction)}: deploy a submarine in the ${areaName(x.sea)}` };
    case "orders":
      return { label: `${factionName(x.faction)}: buy the ${titleCase(x.set)} order set` };
    case "logistics":
      return { label: `${factionName(x.faction)}: raise the logistics track` };
    case "research":
      return { label: `${factionName(x.faction)}: research ${titleCase(x.technology)}` };
    case "deploy":
      return { hex: x.area, kind: "build", label: `${factionName(x.faction)}: deploy ${article(unitShort(x.type, true))} ${unitShort(x.type, true)} (level ${x.level}) in ${areaName(x.area)}` };
    case "order":
      return { hex: x.area, kind: "build", label: `${factionName(x.faction)}: ${orderName(x.order)} order in ${areaName(x.area)}` };
    case "execute": {
      // a button as well as the lit area: the prompt "executes one of its orders" lists them
      const order = view?.board?.orders?.[x.area]?.o;
      return { hex: x.area, kind: "move", button: true, label: `Execute the ${order ? `${orderName(order)} ` : ""}order in ${areaName(x.area)}` };
    }
    case "remove":
      // a Feint Attack removes an order: no battle is fought (so no battle question)
      return { hex: x.area, kind: "feint", button: true, label: `Remove the enemy order in ${areaName(x.area)}` };
    case "send":
      // a send into an area held by the other player's units starts a battle: the page
      // then lists its odds under the selected unit (odds.js, games/virtuti/odds.py)
      return enemyIn(x.unit, x.to, view)
        ? { unit: x.unit, hex: x.to, kind: "battle", label: `Attack ${areaName(x.to)} with ${unitWords(x.unit, view)}` }
        : { unit: x.unit, hex: x.to, kind: "move", label: `Send ${unitWords(x.unit, view)} to ${areaName(x.to)}` };
    case "go": {
      // a Go that sends units into an enemy-held area starts a battle: the page asks first
      const target = plannedBattle(view);
      return target
        ? { label: `Go: carry out the order and attack ${areaName(target)}`, primary: true, startsBattleAt: target }
        : { label: "Go: carry out the order", primary: true };
    }
    case "skip":
      return { label: "Skip" };
    case "hit":
      if (x.loss === "card") return { label: "Take a loss on the battle card" };
      if (x.loss === "fort") return { label: "Take a loss on the fortification" };
      return { label: `Take a loss on ${unitWords(x.loss, view)}` };
    case "retreat":
      return { hex: x.to, kind: "move", button: true, label: `Retreat to ${areaName(x.to)}` };
    case "declare_war":
      return { label: `Declare war on ${titleCase(x.country)}` };
    case "declare_war_ussr":
      return { label: "Declare war on the USSR" };
    case "break_pact":
      return { label: "Break the Ribbentrop-Molotov pact" };
    case "pressure":
      return { label: `${factionName(x.faction)}: exert pressure on ${titleCase(x.country)}` };
    case "done":
      return { label: "Done", primary: true };
    default:
      return null;
  }
}
