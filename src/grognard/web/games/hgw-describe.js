// Hitler's Global War: what each legal action is about, for the board and the buttons
// (web/actions.js): its label in words, the army and the place it concerns, whether it
// starts a battle (asked first) and what it costs.

import { BOX, argsOf, armiesOf, armyById, itemWords, kindWords, placeWords, shipWords, unitName } from "./hgw-view.js";
import { currentMap } from "./hgw-world.js";
import { fortAt } from "./hgw-forces.js";
import { costWords } from "./hgw-production.js";
import { routeWords } from "./hgw-sea.js";

/** What a coastal air strike aims at (coastal_strike.py AIMS). */
const COASTAL_AIMS = { ships: "the ships in port", air: "the coastal air", morale: "morale" };

/** What each HGW action is about, for the board and the buttons (see actions.js),
 * with the places it concerns (`hexes`: outlined while its button is pointed at; the
 * page's own search finds only "q,r" hex ids, and HGW numbers its hexes "RRCC"). */
export function describe(action, view) {
  const what = describeAction(action, view);
  if (!what) return what;
  const at = what.unit ? armyById(view, what.unit)?.at : null;
  what.hexes = [at, what.hex].filter((p) => typeof p === "string" && p !== BOX);
  return what;
}

function describeAction(action, view) {
  const verb = action[0];
  const x = argsOf(action);
  const name = (uid) => unitName(uid, view);
  const armyAt = (uid) => armyById(view, uid)?.at || null;
  const frame = view?.board?.frame || {};
  const fleetName = (id) => view?.board?.fleets?.[id]?.name || id;
  const missiles = (n) => `${n} missile point${n === 1 ? "" : "s"}`;
  // issue 26, item 7: a battle's fort named wherever the battle is offered
  const fort = (place) => {
    const words = fortAt(view?.board, place, placeWords);
    return words ? ` (defended by ${words})` : "";
  };
  // K19.10: a move whose sea crossing enemy patrols meet (the view's `met_crossings`) is
  // asked first, with its odds (odds_crossing.py: the engine's crossing over every roll)
  const crossing = (place) =>
    frame.state === "move_to" && (view?.board?.met_crossings || []).includes(place)
      ? { startsBattleAt: place, oddsAction: action, question: `Cross to ${placeWords(place)} under the enemy's patrols?`, go: `Cross to ${placeWords(place)}` }
      : null;
  switch (verb) {
    case "move":
      return {
        unit: x.army,
        label: x.kind === "army" ? `Move ${name(x.army)} (all ${x.count} points)` : `Move ${kindWords(x.kind, x.count)} of ${name(x.army)}`,
      };
    case "eliminate":
      return { unit: x.army, label: `Eliminate one ${kindWords(x.kind)} point of ${name(x.army)} (over-stacked)` };
    case "to_place": {
      if (frame.state === "home_move_to") return { hex: x.place, kind: "move", label: `Move one home point from ${placeWords(frame.origin)} to ${placeWords(x.place)}` };
      const what = frame.kind === "army" ? name(frame.army) : `${kindWords(frame.kind, frame.count)} of ${name(frame.army)}`;
      const label = `Redeploy ${what} to ${placeWords(x.place)}`;
      return crossing(x.place) ? { hex: x.place, kind: "move", ...crossing(x.place), label: `${label} (enemy patrols meet the crossing)` } : { hex: x.place, kind: "move", label };
    }
    case "to_army": {
      const what = frame.kind === "army" ? `all of ${name(frame.army)}` : `${kindWords(frame.kind, frame.count)} of ${name(frame.army)}`;
      const at = armyAt(x.army);
      const met = crossing(at) ? " (enemy patrols meet the crossing)" : "";
      return at ? { hex: at, kind: "move", ...crossing(at), label: `Put ${what} into ${name(x.army)} at ${placeWords(at)}${met}` } : { label: `Put ${what} into ${name(x.army)}` };
    }
    case "cancel":
      return { label: "Cancel this move" };
    case "convert":
      // Amphibious Strength Points 3 (F3.3): for good, in the movement phase
      return { unit: x.army, kind: "hit", label: `Convert one amphibious point of ${name(x.army)} to infantry (for good: it cannot invade with it again)` };
    case "remove_marker":
      // Garrisons 6: an occupation marker lifted in the movement phase
      return { hex: x.place, label: `Lift the occupation marker at ${placeWords(x.place)}` };
    case "declare_war":
      // Violation of Neutrality 6: war on Spain before attacking Gibraltar from Portugal
      return { label: `Declare war on ${String(x.nation).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())}` };
    case "end_movement":
      return { label: "End movement", primary: true };
    case "attack": {
      // Initial Attack: an army may also be named against a friendly hex (an advance)
      const friendly = view?.board?.owner?.[x.target] === armyById(view, x.army)?.side;
      // an advance into a friendly hex is lit as a move, not as a battle
      return { unit: x.army, hex: x.target, kind: friendly ? "move" : "battle", label: `${name(x.army)} will ${friendly ? "advance into friendly" : "attack"} ${placeWords(x.target)}${friendly ? "" : fort(x.target)}` };
    }
    case "invade":
      // Invasion Procedure 1-3: the army, then a coastal hex within its sea route
      return { unit: x.army, hex: x.target, kind: "move", label: `${name(x.army)} will invade ${placeWords(x.target)} from the sea${fort(x.target)}` };
    case "invasion": {
      // Invasion Procedure 5: the attacker picks the next declared invasion to resolve
      const target = armyById(view, x.army)?.status?.target;
      // kind "hit": a button under the prompt too, not only behind the army's counter
      return { unit: x.army, kind: "hit", label: target ? `Resolve ${name(x.army)}'s invasion of ${placeWords(target)}` : `Resolve ${name(x.army)}'s invasion` };
    }
    case "escort":
      return { label: `Escort the invasion with ${x.fleets.map(fleetName).join(" and ")}` };
    case "no_escort":
      return { label: "Invade without an escort" };
    case "support":
      // Fleet Naval Fire 4: a fleet from another base sails on its own route to support
      return { label: `Send ${fleetName(x.fleet)} to support the invasion` };
    case "no_support":
      return { label: "Send no (more) support fleets" };
    case "intercept":
      // Campaign Game II (naval_phase.py): a fleet moving at sea, one at a time; asked
      // first with its odds (odds_sea.py: the interception roll and the fleets' battle)
      if (frame.mover) {
        const at = (frame.path || [])[frame.path?.length - 1] || frame.back_to;
        const label = `Intercept ${fleetName(frame.mover)} at sea with ${fleetName(x.fleet)}`;
        return at ? { label, startsBattleAt: at, oddsAction: action } : { label };
      }
      // an invasion (naval.py): asked first with its odds (odds_sea.py: Fleet Naval Fire,
      // or Naval Action's battles with the support fleets first)
      return {
        label: frame.fleet ? `Intercept ${fleetName(frame.fleet)} with ${fleetName(x.fleet)}` : `Intercept the invasion with ${fleetName(x.fleet)}`,
        ...(frame.target ? { startsBattleAt: frame.target, oddsAction: action } : {}),
      };
    case "no_interception":
      return { label: "Do not intercept" };
    case "amphibious_advance":
      return { unit: x.army, hex: x.target, kind: "move", label: `${name(x.army)} makes an amphibious advance into ${placeWords(x.target)}` };
    case "end_announce":
      return { label: "Done announcing attacks", primary: true };
    case "defensive_assault":
      // Effect Of Forts On Combat 1: with no army named the hex's fort fires alone
      if (!x.armies.length) return { label: frame.target ? `Defensive assault by the fort in ${placeWords(frame.target)} alone` : "Defensive assault by the fort alone" };
      return { label: `Defensive assault with ${x.armies.map(name).join(" and ")}` };
    case "no_defensive_assault":
      return { label: "No defensive assault" };
    case "assault":
      // bare: the yes to an exploitation's or an invasion's assault (actions.py, "assault")
      if (x.origin === undefined) return { label: frame.target ? `Assault ${placeWords(frame.target)} before advancing${fort(frame.target)}` : "Assault before advancing", primary: true };
      return { hex: x.target, kind: "battle", label: `Assault ${placeWords(x.target)} from ${placeWords(x.origin)} with ${x.armies.map(name).join(" and ")}${fort(x.target)}` };
    case "no_assault":
      return { label: "Advance without assaulting" };
    case "to_advances":
      return { label: "Done assaulting: on to the advances", primary: true };
    case "lose":
      return { unit: x.army, kind: "hit", label: `Remove one ${kindWords(x.kind)} point from ${name(x.army)}` };
    case "place":
      // The Fall of Germany set-up with the own_setup option, and Campaign Game I's
      // arriving forces (Nations Inclined toward Axis 3-5): one point into a place
      if (frame.state === "place_home_forces") return { hex: x.place, kind: "build", label: `Place one home infantry point at ${placeWords(x.place)}` };
      return { hex: x.place, kind: "build", label: `Place one ${kindWords(x.kind)} point at ${placeWords(x.place)}` };
    case "printed_setup":
      return { label: "Take the scenario's deployment", primary: true };
    case "end_setup":
      return { label: "End the set-up", primary: true };
    case "italy_loss":
      // Campaign Game I, Italy's surrender 2: the owed points, from Italy first
      return { unit: x.army, kind: "hit", label: `Remove one ${kindWords(x.kind)} point from ${name(x.army)} (Italy's surrender)` };
    case "lose_fort":
      return { hex: x.place, label: `Remove one fort point at ${placeWords(x.place)}` };
    case "advance": {
      const target = armyById(view, x.army)?.status?.target;
      return target ? { unit: x.army, hex: target, kind: "move", label: `${name(x.army)} advances into ${placeWords(target)}` } : { unit: x.army, label: `${name(x.army)} advances` };
    }
    case "paradrop": {
      // Campaign Game II, Paradrop 2: the drop is announced with the advance
      const target = frame.target || armyById(view, x.army)?.status?.target;
      const drop = `${x.count} paratroop point${x.count === 1 ? "" : "s"} dropping`;
      // asked first with its odds (odds_air.py: the drop counted double on the Advance Table)
      return target ? { unit: x.army, hex: target, kind: "move", startsBattleAt: target, oddsAction: action, label: `${name(x.army)} advances into ${placeWords(target)} with ${drop}` } : { unit: x.army, label: `${name(x.army)} advances with ${drop}` };
    }
    case "air_attack":
      // Campaign Game II, Air Attacks 2: the rest of the tac air joins the assault
      return { label: `Air attack with ${x.count} tac air point${x.count === 1 ? "" : "s"}` };
    case "to_exploitation":
      return { label: "Done advancing: on to exploitation", primary: true };
    case "retreat":
      return { hex: x.place, kind: "move", label: `Retreat to ${placeWords(x.place)}` };
    case "move_home":
      // Unaligned Forces 6: one home point, inside its country
      return { hex: x.from, kind: "move", label: `Move one home point from ${placeWords(x.from)} (inside its country)` };
    case "exploit":
      // issue 26, item 9: an exploitation attack is asked first, with its odds, as an
      // assault is (panels.js confirmBattle: `startsBattleAt`, the odds of this action)
      return { unit: x.army, hex: x.target, kind: "battle", startsBattleAt: x.target, oddsAction: action, label: `${name(x.army)} exploits into ${placeWords(x.target)}${fort(x.target)}` };
    case "make_port":
      // Naval Action: Ports 1 (N10.1), one way only
      return { hex: frame.place, kind: "build", label: `Turn one amphibious point into a port in ${placeWords(frame.place)} (for good)` };
    case "no_port":
      return { label: "Keep the amphibious points (no port)" };
    case "end_combat":
      return { label: "End the combat phase", primary: true };
    case "build": {
      const cost = costWords(currentMap(), x.kind);
      const price = cost ? ` (${cost})` : "";
      if (x.site === "army") return { unit: x.at, label: `Build one ${kindWords(x.kind)} point in ${name(x.at)}${price}` };
      // issue 26, item 8: where an army of the builder's stands already, a new army is
      // offered only beside it (the army selected), after reinforcing it: a click on
      // the hex reinforces, and a new counter is spent only when asked for
      const there = armiesOf(view).find((a) => a.at === x.at && a.side === view?.board?.player && (view.legal || []).some((b) => b[0] === "build" && b[2] === "army" && b[3] === a.id));
      // Activity Limitations 1, 8: France builds its own points into French counters
      const french = x.site === "french" ? " French" : "";
      const label = `Build one${french} ${kindWords(x.kind)} point in a new${french} army at ${placeWords(x.at)}${price}`;
      if (there) return { unit: there.id, label: `${label}, beside ${there.name} (uses a free army counter)` };
      return { hex: x.at, kind: "build", label };
    }
    case "lend_lease_france":
      // Activity Limitations 1, 4: Allied lend-lease to France, one point at a time
      return { kind: "build", label: `Lend-lease one Allied production point to France (France has ${frame.french ?? 0})` };
    case "repair":
      return { hex: x.place, kind: "build", label: `Repair one production point at ${placeWords(x.place)}${costWords(currentMap(), "repair") ? ` (${costWords(currentMap(), "repair")})` : ""}` };
    case "fort":
      return { hex: x.place, kind: "build", label: `Build one fort point at ${placeWords(x.place)}${costWords(currentMap(), "fort") ? ` (${costWords(currentMap(), "fort")})` : ""}` };
    case "dismantle_fort":
      // Fortifications 4: the counter goes and all its points with it
      return { hex: x.place, label: `Dismantle the fort at ${placeWords(x.place)} (its points are lost)` };
    case "end_production":
      return { label: "End production", primary: true };
    // Campaign Game II's research phase (Research 3-8)
    case "invest":
      return { kind: "build", label: `Put ${x.count} production point${x.count === 1 ? "" : "s"} into ${itemWords(x.item)} research` };
    case "roll_research":
      return { label: `Roll for ${itemWords(x.item)} research (marker on space ${view?.board?.research?.[view.board.player]?.items?.[x.item]?.marker ?? "?"})` };
    case "end_research":
      return { label: "End the research phase", primary: true };
    // Campaign Game II's naval movement and naval builds (naval_phase.py, naval_builds.py)
    case "end_naval_movement":
      return { label: "End naval movement", primary: true };
    case "change_base":
      return { hex: x.port, kind: "move", label: `${fleetName(x.fleet)} changes base to ${placeWords(x.port)}` };
    case "patrol":
      return { hex: x.hex, kind: "move", label: `${fleetName(x.fleet)} patrols hex ${x.hex}` };
    case "raid_route":
      return { hex: x.hex, kind: "battle", label: `${fleetName(x.fleet)} intercepts shipping in ${placeWords(x.hex)} (route: ${routeWords(x.route)})` };
    // Naval Action's fleet replenishment (replenishment.py, N13)
    case "replenish":
      return { hex: x.hex, kind: "move", label: `Send an amphibious point to hex ${x.hex} to replenish ${fleetName(x.fleet)}` };
    case "attack_replenishment":
      return { hex: x.hex, kind: "battle", label: `${fleetName(x.fleet)} attacks the replenishment unit in hex ${x.hex}` };
    case "intercept_replenishment":
      return { label: `Intercept the amphibious point sailing to hex ${frame.hex} with ${fleetName(x.fleet)}` };
    case "let_replenishment_pass":
      return { label: "Let the amphibious point pass" };
    case "escort_route":
      return { label: `${fleetName(x.fleet)} escorts shipping (route: ${routeWords(x.route)})` };
    case "build_ship":
      return { hex: x.yard, kind: "build", label: `Build one ${shipWords(x.ship)} point into ${fleetName(x.fleet)} at ${placeWords(x.yard)}` };
    // Campaign Game II's shipping counters (shipping_builds.py, shipping_moves.py: K19.1-K19.9)
    case "build_shipping":
      return { hex: x.port, kind: "build", label: `Build a shipping point at ${placeWords(x.port)} (1 production point)` };
    case "buy_transport":
      return { kind: "build", label: "Buy one more U.S. transport point a turn (1 production point)" };
    case "move_shipping":
      return { hex: x.from, kind: "move", label: `Move a shipping point from ${placeWords(x.from)}` };
    case "ship_to":
      return { hex: x.to, kind: "move", label: `Send the shipping point to ${placeWords(x.to)}` };
    case "build_asw_level":
      return { kind: "build", label: "Raise the A.S.W. level by one point" };
    // Naval Action's builds (ship_builds.py, port_builds.py): ship points in instalments (N7)
    case "lay_ship":
      return { kind: "build", label: `Lay down a ${shipWords(x.ship)} point on the Development Track (pay 1 production point now)` };
    case "pay_ship": {
      const entry = view?.board?.ship_track?.[frame.role]?.[x.slot];
      return { kind: "build", label: `Pay 1 point on the ${shipWords(entry?.kind)} being built (${entry?.left ?? "?"} left)` };
    }
    case "finish_ship": {
      const entry = view?.board?.ship_track?.[frame.role]?.[x.slot];
      return { hex: x.yard, kind: "build", label: `Pay the last point on the ${shipWords(entry?.kind)}: it joins ${fleetName(x.fleet)} at ${placeWords(x.yard)}` };
    }
    case "build_port":
      return { hex: x.place, kind: "build", label: `Build a port at ${placeWords(x.place)}` };
    case "build_naval_port":
      return { hex: x.place, kind: "build", label: `Build a major naval port at ${placeWords(x.place)} (ready next game turn)` };
    case "build_supply_road":
      return { hex: x.place, kind: "build", label: `Build a supply road at ${placeWords(x.place)} (1 production point)` };
    // Campaign Game II: strategic warfare (strategic_phase.py, strategic_builds.py) and partisans
    // a strike is asked first with its odds (odds_strike.py: the engine's raid and launch
    // over every roll): `oddsAction` names the strike, not a land attack on the hex
    case "raid":
      return { hex: x.target, kind: "battle", oddsAction: action, label: `Bombers at ${placeWords(x.base)} raid ${placeWords(x.target)}` };
    case "raid_morale":
      return { hex: x.capital, kind: "battle", oddsAction: action, label: `Bombers at ${placeWords(x.base)} strike morale at ${placeWords(x.capital)}` };
    case "launch": {
      const at = view?.board?.strategic?.missiles?.[view?.board?.player]?.[x.counter]?.at;
      const label = `Launch ${missiles(x.count)} of counter ${x.counter}${at ? ` at ${placeWords(at)}` : ""} at industry within two hexes`;
      return at ? { label, startsBattleAt: at, oddsAction: action } : { label };
    }
    case "launch_morale":
      return { hex: x.capital, kind: "battle", oddsAction: action, label: `Launch ${missiles(x.count)} of counter ${x.counter} at morale (${placeWords(x.capital)})` };
    case "end_strategic":
      return { label: "End strategic warfare", primary: true };
    case "escorts":
      return { label: x.count ? `${x.count} escort point${x.count === 1 ? "" : "s"} fly with the raid` : "No escort flies with the raid" };
    case "carry_bombs":
      return { label: `Carry ${x.count} atomic bomb${x.count === 1 ? "" : "s"}` };
    // where a strike's result lands: lit like a battle, chosen without a second question
    // (the strike was asked, with its odds, when it was made)
    case "devastate":
      return { hex: x.place, kind: "hit", button: true, label: `Devastate one production point at ${placeWords(x.place)}` };
    case "drop":
      return { hex: x.place, kind: "hit", button: true, label: `Drop the atomic bomb on ${placeWords(x.place)}` };
    case "lose_strategic":
      return { label: `Remove one ${x.kind.replace("_", " ")} point` };
    case "build_strategic":
      return { hex: x.place, kind: "build", label: `Build one ${x.kind.replace("_", " ")} point at ${placeWords(x.place)}` };
    case "build_missile":
      return { hex: x.place, kind: "build", label: `Build one missile point on counter ${x.counter} at ${placeWords(x.place)}` };
    case "build_atomic":
      return { label: `Build an atomic bomb for the ${x.carrier} at ${x.carrier === "bombers" ? placeWords(x.at) : x.at}` };
    case "partisans":
      return { hex: x.place, kind: "battle", oddsAction: action, label: `Partisans strike ${placeWords(x.place)} (2 production points)` };
    // The Pacific War: a Chinese army strikes like partisans (china.py, G17.12)
    case "chinese_partisans":
      return { hex: x.target, unit: x.army, kind: "battle", label: `${name(x.army)} strikes ${placeWords(x.target)} like partisans` };
    case "end_partisans":
      return { label: "End partisan attacks", primary: true };
    case "lend_lease":
      // Lend-Lease 3 (F5.3): through the Soviet depots, in the Allied production phase
      return { label: "Send lend-lease to the Soviet Union through its depots" };
    // Naval Action's strikes (port_attacks.py N8.5, coastal_strike.py N9.4, morale_strike.py
    // K24.5): asked first with their odds (odds_base.py: the engine's own rolls)
    case "port_attack":
      return { hex: x.base, kind: "battle", oddsAction: action, label: `${fleetName(x.fleet)}'s carriers attack the naval base at ${placeWords(x.base)}` };
    case "morale_strike":
      return { hex: x.target, kind: "battle", oddsAction: action, label: `${fleetName(x.fleet)}'s carriers strike morale at ${placeWords(x.target)}` };
    case "coastal_strike":
      return { hex: x.base, kind: "battle", oddsAction: action, label: `Coastal air at ${placeWords(x.hex)} strikes ${COASTAL_AIMS[x.aim] || x.aim} at ${placeWords(x.base)}` };
    case "raid_us_coast":
      // K24.6 (morale_uboats.py): no battle to forecast, an arrival costs the U.S. a morale level
      return { hex: x.target, kind: "move", label: `${fleetName(x.fleet)} sails for the U.S. coast at ${placeWords(x.target)} (U.S. morale)` };
    case "declare_raider":
      return { label: `Declare ${fleetName(x.fleet)} a raider (N6.1)` };
    case "merge_fleet":
      return { label: `Merge ${fleetName(x.fleet)} into ${fleetName(x.into)}` };
    case "detach_ship":
      return { label: `Move one ${shipWords(x.ship)} point from ${fleetName(x.fleet)} to ${fleetName(x.into)}` };
    case "build_coastal_air":
      return { unit: x.army, label: `Buy six coastal air points for ${name(x.army)} (N9.1)` };
    case "ferry_strategic":
      return { hex: x.to, kind: "move", label: `Fly the ${String(x.kind).replace("_", " ")} points at ${placeWords(x.from)} to ${placeWords(x.to)}` };
    case "move_missiles":
      return { hex: x.to, kind: "move", label: `Move missile counter ${x.counter} to ${placeWords(x.to)}` };
    // optional rule Leaders (leader_phase.py)
    case "leader":
      // a button under the prompt as well as on the army's card (issue 26 item 9: the
      // prompt names what to do, its buttons do it)
      return { unit: x.army, button: true, label: `Place a leader marker on ${name(x.army)}` };
    case "naval_leader":
      return { label: `Place a leader marker on ${fleetName(x.fleet)}` };
    case "move_leader":
      return { unit: x.to, label: `Move the leader of ${name(x.from)} to ${name(x.to)}` };
    case "move_naval_leader":
      return { label: `Move the leader of ${fleetName(x.from)} to ${fleetName(x.to)}` };
    case "accept_surrender":
      return { label: "Accept the Soviet surrender: no more fighting between the Axis and the Soviets", primary: true };
    case "refuse_surrender":
      return { label: "Refuse the Soviet surrender (it is never offered again)" };
    default:
      return null;
  }
}
