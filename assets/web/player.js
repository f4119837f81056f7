// The player: the window's keys and pace over the baked slots.
//
// A "slot" is a baked moment of the trace (viz/web/sampling.py), at event position
// positions[slot], rising. Stops are the slots where the page can rest: step stops (rest:
// every step boundary, unless a long trace was sampled), event stops (eventRest) and
// milestones (step stops). The player moves an event position exactly as the window's
// player does (viz/player.py, viz/timeline.py: a beat clock over the units of the level
// it plays by, each unit moving for (1 - hold) of its beats and resting on its result)
// and shows the slot nearest to it.
//
// Keys and pointer as the window's (viz/app.py PLAYER_KEYS): Space, Right/Left and
// PageDown/PageUp (one step), Shift+Right/Left (milestones), `.` `,` (one event), R,
// Home/End, Up/Down (faster/slower), A (automatic pace), L (play by event, step or
// milestone), the play button, click and drag on the timeline; on a touch screen a tap on
// the left or right third steps, in the middle plays. Not yet: H, F.

// how many of the rising `values` are at most x (numpy's searchsorted, side "right")
function countAtMost(values, x) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The units of one level over its stops: the window's Units (viz/timeline.py) with
// explicit boundaries `at` (event positions) and `beats` per unit.
function makeUnits(at, beats, hold) {
  const count = at.length - 1;
  const start = [0];
  for (const b of beats) start.push(start[start.length - 1] + b);
  const total = start[count] ?? 0;
  const n = at[count] ?? 0;
  // the unit that holds p (at a boundary: the one starting there), as Units.unit_of
  const unitOf = (p) => Math.min(Math.max(countAtMost(at, p) - 1, 0), Math.max(count - 1, 0));
  const unitAtBeat = (beat) => Math.min(countAtMost(start, beat) - 1, count - 1);
  function toEvents(beat) {
    if (count === 0 || beat <= 0) return 0;
    if (beat >= total) return n;
    const k = unitAtBeat(beat);
    let f = (beat - start[k]) / beats[k];
    const moving = 1 - hold;
    f = f >= moving - 1e-9 ? 1 : f / moving; // round-off must not undo a rest
    return at[k] + f * (at[k + 1] - at[k]);
  }
  function toBeats(p, backward) {
    if (count === 0) return 0;
    p = Math.min(Math.max(p, 0), n);
    let k = unitOf(p);
    let lo = at[k];
    let hi = at[k + 1];
    if (p >= hi) [k, lo, hi] = [count, hi, hi];
    if (p === lo) {
      if (backward && k > 0) return start[k] - hold * beats[k - 1];
      return k < count ? start[k] : total;
    }
    return start[k] + ((p - lo) / (hi - lo)) * (1 - hold) * beats[k];
  }
  const next = (p) => at.find((b) => b > p) ?? n;
  const previous = (p) => {
    for (let i = count; i >= 0; i--) if (at[i] < p) return at[i];
    return 0;
  };
  function nearest(p) {
    const k = unitOf(p);
    const candidates = [at[k], at[Math.min(k + 1, count)]];
    return Math.abs(candidates[1] - p) < Math.abs(candidates[0] - p) ? candidates[1] : candidates[0];
  }
  const widthAt = (p) => (count ? beats[unitOf(p)] : 1);
  return { at, count, total, unitOf, toEvents, toBeats, next, previous, nearest, widthAt };
}

function makePlayer(data, renderer) {
  const h = data.header;
  const positions = h.positions;
  const last = positions.length - 1;
  const n = positions[last];
  const at = (slots) => slots.map((slot) => positions[slot]);
  const stepAt = at(h.rest);
  const eventAt = h.eventRest ? at(h.eventRest) : stepAt;
  const milestoneAt = h.milestones.map((k) => stepAt[k]);
  const ones = (count) => new Array(Math.max(count, 0)).fill(1);
  const units = {
    event: makeUnits(eventAt, h.eventBeats ?? ones(eventAt.length - 1), h.hold),
    auto: makeUnits(stepAt, h.beats, h.hold),
    step: makeUnits(stepAt, h.steadyBeats ?? h.beats, h.hold),
    milestone: makeUnits(milestoneAt, ones(milestoneAt.length - 1), h.hold),
  };
  const state = {
    position: 0, // event position
    mode: "paused", // paused | playing | reversing
    glide: null, // {from, to, seconds, elapsed}
    speed: h.speed,
    level: "step", // what Space plays by (L)
    auto: true, // the automatic pace (A); it applies by step on a long trace only
    beat: null, // the play clock; null: derive it from the position
    shown: "", // the frame and pace label on screen
  };
  const autoApplies = () => state.auto && state.level === "step" && Boolean(h.auto);
  const key = () => (autoApplies() ? "auto" : state.level);
  const playUnits = () => units[key()];

  // the slot nearest to an event position (positions rise)
  function slotAt(p) {
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (positions[mid] < p) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && p - positions[lo - 1] < positions[lo] - p ? lo - 1 : lo;
  }
  const resting = () => (state.glide ? state.glide.to : state.position);
  const stepUnits = units.step;

  function show() {
    const slot = slotAt(state.position);
    // while playing, the frame whose footer shows the pause button (as the window's)
    const moving = !state.glide && (state.mode === "playing" || state.mode === "reversing");
    const frame = moving ? h.playing[slot] : h.slots[slot];
    const label = paceLabel();
    const scene = renderer.sceneKey ? renderer.sceneKey(slot) : ""; // a 3D scene's moment, camera
    const shown = `${frame} ${label} ${scene}`;
    if (shown !== state.shown) {
      const started = performance.now();
      if (renderer.draw(frame, label, slot) !== false) {
        if (api.syncDraws) renderer.finish(); // a benchmark's seek: until the pixels are there
        api.lastDrawMs = performance.now() - started; // decode, gather, upload, draw calls
        if (api.inputAt !== null) {
          // from the key or click to its picture, unpacking a chunk included
          api.inputMs = performance.now() - api.inputAt;
          api.inputAt = null;
        }
        state.shown = shown;
        api.draws += 1;
      }
    }
    api.pending = shown !== state.shown; // the wanted picture waits for a chunk's unpacking
    api.slot = slot;
    api.position = state.position;
    api.boundary = stepUnits.count ? stepUnits.unitOf(positions[slot]) +
      (positions[slot] >= stepAt[stepUnits.count] ? 1 : 0) : 0;
    api.step = h.steps ? h.steps[Math.min(api.boundary, h.steps.length - 1)] : api.boundary;
    api.mode = state.glide ? "gliding" : state.mode;
    api.level = state.level;
    api.auto = state.auto;
    api.speed = state.speed;
    api.label = label;
  }

  // the footer's pace text at the current speed, level and pace (one text a speed, or on
  // the automatic pace one a unit between step stops: the rate shown there)
  function paceLabel() {
    const by = h.paceLabelsBy ? h.paceLabelsBy[key()] : h.paceLabels;
    const row = by && by[h.paceSpeeds.indexOf(state.speed)];
    if (!row) return undefined;
    return row.length > 1 ? row[Math.min(units.auto.unitOf(state.position), row.length - 1)] : row[0];
  }

  function finishGlide() {
    if (state.glide) {
      state.position = state.glide.to;
      state.glide = null;
    }
  }

  function glideTo(target, seconds = h.glideSeconds) {
    finishGlide();
    state.mode = "paused";
    state.beat = null;
    if (target !== state.position) {
      state.glide = { from: state.position, to: target, seconds, elapsed: 0 };
    }
  }

  function seek(p) {
    state.glide = null;
    state.position = Math.min(Math.max(p, 0), n);
    state.beat = null;
  }

  function play(backward) {
    finishGlide();
    if (!backward && state.position >= n) seek(0);
    if (backward && state.position <= 0) seek(n);
    state.mode = backward ? "reversing" : "playing";
    state.beat = null;
  }

  // Pause: the step under way is finished first (a short glide to its end in the
  // direction of travel), as the window's Player.pause.
  function pause() {
    if (state.mode === "playing" || state.mode === "reversing") {
      const backward = state.mode === "reversing";
      const u = state.level === "event" ? units.event : stepUnits;
      const p = state.position;
      let target = p;
      if (u.count && p > 0 && p < n) {
        const k = u.unitOf(p);
        if (p !== u.at[k]) target = backward ? u.at[k] : u.at[k + 1];
      }
      state.mode = "paused";
      if (target !== p) {
        const rate = state.speed / playUnits().widthAt(p);
        glideTo(target, Math.min(h.glideSeconds, Math.abs(target - p) / Math.max(rate, 1e-9)));
      }
    }
    state.mode = "paused";
    state.beat = null;
  }

  function advancePlaying(dt) {
    const backward = state.mode === "reversing";
    const u = playUnits();
    let beat = state.beat ?? u.toBeats(state.position, backward);
    beat += (backward ? -1 : 1) * state.speed * dt;
    beat = Math.min(Math.max(beat, 0), u.total);
    state.position = u.toEvents(beat);
    state.beat = beat;
    if ((!backward && beat >= u.total) || (backward && beat <= 0)) {
      state.mode = "paused";
      state.beat = null;
    }
  }

  function advance(dt) {
    if (state.glide) {
      const g = state.glide;
      g.elapsed += dt;
      if (g.elapsed >= g.seconds) {
        state.position = g.to;
        state.glide = null;
      } else {
        state.position = g.from + (g.to - g.from) * (g.elapsed / g.seconds);
      }
    } else if (state.mode === "playing" || state.mode === "reversing") {
      advancePlaying(dt);
    }
    show();
  }

  function faster() {
    state.speed = h.speeds.find((s) => s > state.speed) ?? h.speeds[h.speeds.length - 1];
  }

  function slower() {
    const lower = h.speeds.filter((s) => s < state.speed);
    state.speed = lower.length ? lower[lower.length - 1] : h.speeds[0];
  }

  // a change of pace keeps the position and restarts the clock from it (Player.set_pace)
  function cycleLevel() {
    const order = ["event", "step", "milestone"];
    state.level = order[(order.indexOf(state.level) + 1) % order.length];
    state.beat = null;
  }

  function toggleAuto() {
    state.auto = !state.auto;
    state.beat = null;
  }

  const inRect = ([rx, ry, rw, rh], x, y, grow = [0, 0]) =>
    x >= rx - grow[0] && x <= rx + rw + grow[0] && y >= ry - grow[1] && y <= ry + rh + grow[1];

  // the window's HudLayout.on_timeline: the bar, grown for a finger
  const onTimeline = (x, y) => inRect(h.track, x, y, [6 * h.scale, 12 * h.scale]);

  function scrubTo(x) {
    // the nearest stop to the share of the timeline (Player.seek_fraction: a step's end,
    // or an event's when playing by event)
    const [tx, , tw] = h.track;
    const fraction = Math.min(Math.max((x - tx) / Math.max(tw, 1), 0), 1);
    const u = state.level === "event" ? units.event : stepUnits;
    seek(u.nearest(fraction * h.nEvents));
  }

  // A scrub keeps the mode it interrupted (Player.begin_scrub / end_scrub): playing goes
  // on from where the timeline was let go.
  let scrubbing = null;

  function pointerDown(x, y, touch) {
    if (onTimeline(x, y)) {
      scrubbing = state.mode;
      state.mode = "paused";
      scrubTo(x);
      return true;
    }
    if (inRect(h.playButton, x, y)) {
      keys[" "]();
      return true;
    }
    if (touch) {
      // a phone has no keys: tap the left or right third to step, the middle to play
      const third = h.size[0] / 3;
      if (x < third) keys.ArrowLeft();
      else if (x > 2 * third) keys.ArrowRight();
      else keys[" "]();
      return true;
    }
    return false;
  }

  function pointerMove(x) {
    if (scrubbing === null) return false;
    scrubTo(x);
    return true;
  }

  function pointerUp() {
    if (scrubbing === null) return false;
    const before = scrubbing;
    scrubbing = null;
    if (before === "playing" && state.position < n) play(false);
    else if (before === "reversing" && state.position > 0) play(true);
    return true;
  }

  function jumpMilestone(forward) {
    const here = resting();
    seek(forward ? units.milestone.next(here) : units.milestone.previous(here));
    state.mode = "paused";
  }

  const stepForward = (u) => glideTo(u.next(resting()));
  const stepBackward = (u) => glideTo(u.previous(resting()));
  const reverse = () => {
    if (state.mode === "reversing") {
      state.mode = "playing";
      state.beat = null;
    } else play(true);
  };

  // Right/Left step by step whatever the level, as the window's (L changes what Space
  // plays by); `.` `,` by event
  const keys = {
    " ": () => (state.mode === "paused" ? play(false) : pause()),
    ArrowRight: () => stepForward(stepUnits),
    ArrowLeft: () => stepBackward(stepUnits),
    PageDown: () => stepForward(stepUnits),
    PageUp: () => stepBackward(stepUnits),
    ".": () => stepForward(units.event),
    ",": () => stepBackward(units.event),
    "Shift+ArrowRight": () => jumpMilestone(true),
    "Shift+ArrowLeft": () => jumpMilestone(false),
    Home: () => { seek(0); state.mode = "paused"; },
    End: () => { seek(n); state.mode = "paused"; },
    ArrowUp: faster,
    ArrowDown: slower,
    a: toggleAuto,
    A: toggleAuto,
    l: cycleLevel,
    L: cycleLevel,
    r: reverse,
    R: reverse,
  };

  return { advance, keys, pointerDown, pointerMove, pointerUp, state, seek };
}
