// The player: the window's keys and pace over the baked slots.
//
// The payload (viz/web/encode.py) holds one table of distinct instance rows per run kind
// and, per frame, the row indices it draws. A "slot" is a moment of the trace in time
// order: slot rest[k] shows boundary k at rest, the slots between rest[k] and rest[k + 1]
// are step k's motion. The player moves a fractional slot position exactly as the
// window's player moves its event position (viz/player.py): Right and Left glide to the
// next or previous boundary in glideSeconds; Space plays at `speed` beats a second, each
// step lasting its beats, moving for (1 - hold) of them and then resting on its result.
//
// Keys and pointer as the window's (viz/app.py PLAYER_KEYS): Space, Right/Left,
// PageDown/PageUp, Shift+Right/Left (milestones), R, Home/End, Up/Down (faster/slower),
// the play button, click and drag on the timeline; on a touch screen a tap on the left or
// right third steps, in the middle plays. Not yet: `.` `,` (event steps: the page has
// frames at step boundaries only), A, L, H, F.

function makePlayer(data, renderer) {
  const h = data.header;
  const rest = h.rest; // slot of each boundary
  const steps = rest.length - 1;
  const last = rest[steps];
  const state = {
    position: 0, // fractional slot
    mode: "paused", // paused | playing | reversing
    glide: null, // {from, to, seconds, elapsed}
    speed: h.speed,
    k: 0, // the step being played
    clock: 0, // seconds into step k
    shown: "", // the frame and pace label on screen
  };

  const boundaryAt = (slot) => {
    // the boundary whose rest slot is the last at or before `slot`
    let lo = 0;
    let hi = steps;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (rest[mid] <= slot) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const resting = () => (state.glide ? state.glide.to : state.position);
  const nextBoundary = (slot) => Math.min(boundaryAt(slot) + 1, steps);
  const previousBoundary = (slot) => {
    const k = boundaryAt(slot);
    return rest[k] < slot ? k : Math.max(k - 1, 0);
  };

  function show() {
    const slot = Math.min(Math.max(Math.round(state.position), 0), last);
    // while playing, the frame whose footer shows the pause button (as the window's)
    const moving = !state.glide && (state.mode === "playing" || state.mode === "reversing");
    const frame = moving ? h.playing[slot] : h.slots[slot];
    const label = paceLabel(slot);
    const scene = renderer.sceneKey ? renderer.sceneKey(slot) : ""; // a 3D scene's moment, camera
    const shown = `${frame} ${label} ${scene}`;
    if (shown !== state.shown) {
      const started = performance.now();
      renderer.draw(frame, label, slot);
      if (api.syncDraws) renderer.finish(); // a benchmark's seek: until the pixels are there
      api.lastDrawMs = performance.now() - started; // decode, gather, upload, draw calls
      state.shown = shown;
      api.draws += 1;
    }
    api.slot = slot;
    api.boundary = boundaryAt(slot);
    api.mode = state.glide ? "gliding" : state.mode;
  }

  // the pace text at the current speed, in the step of `slot` (the unit starting at a
  // rest, as Units.unit_of counts; one text for all steps unless the pace is automatic)
  function paceLabel(slot) {
    const row = h.paceLabels[h.paceSpeeds.indexOf(state.speed)];
    if (!row) return undefined;
    return row[Math.min(boundaryAt(slot), row.length - 1)];
  }

  function finishGlide() {
    if (state.glide) {
      state.position = state.glide.to;
      state.glide = null;
    }
  }

  function glideTo(k, seconds = h.glideSeconds) {
    finishGlide();
    state.mode = "paused";
    const to = rest[k];
    if (to !== state.position) {
      state.glide = { from: state.position, to, seconds, elapsed: 0 };
    }
  }

  function seekBoundary(k) {
    state.glide = null;
    state.position = rest[Math.min(Math.max(k, 0), steps)];
    state.clock = 0;
  }

  // Playing keeps the window's clock (viz/timeline.py): step k lasts beats[k] / speed
  // seconds, moves for (1 - hold) of them and rests on its result for the rest; the
  // clock is kept (not derived from the position), so rests hold both ways.
  const stepSeconds = (k) => h.beats[k] / state.speed;

  function place() {
    const k = state.k;
    const f = state.clock / stepSeconds(k);
    const moving = 1 - h.hold;
    const g = f >= moving - 1e-9 ? 1 : Math.max(f, 0) / moving;
    state.position = rest[k] + g * (rest[k + 1] - rest[k]);
  }

  function play(backward) {
    finishGlide();
    if (steps === 0) return;
    if (!backward && state.position >= last) seekBoundary(0);
    if (backward && state.position <= 0) seekBoundary(steps);
    state.mode = backward ? "reversing" : "playing";
    const k = boundaryAt(state.position);
    if (rest[k] === state.position) {
      // from a rest, forward starts the next step's motion at once; backward starts at
      // the end of the previous step's motion, so it moves back at once
      state.k = backward ? k - 1 : Math.min(k, steps - 1);
      state.clock = backward ? (1 - h.hold) * stepSeconds(state.k) : 0;
      if (!backward && k === steps) state.clock = stepSeconds(state.k);
    } else {
      const g = (state.position - rest[k]) / (rest[k + 1] - rest[k]);
      state.k = k;
      state.clock = g * (1 - h.hold) * stepSeconds(k);
    }
  }

  function pause() {
    if (state.mode === "playing" || state.mode === "reversing") {
      // the step under way is finished first, in the direction of travel
      const backward = state.mode === "reversing";
      const k = boundaryAt(state.position);
      const target = backward || rest[k] === state.position ? k : k + 1;
      state.mode = "paused";
      if (rest[target] !== state.position) glideTo(target);
    }
    state.mode = "paused";
  }

  function advancePlaying(dt) {
    const backward = state.mode === "reversing";
    state.clock += (backward ? -1 : 1) * dt;
    while (!backward && state.clock >= stepSeconds(state.k)) {
      if (state.k + 1 >= steps) {
        state.position = last;
        state.mode = "paused";
        return;
      }
      state.clock -= stepSeconds(state.k);
      state.k += 1;
    }
    while (backward && state.clock < 0) {
      if (state.k <= 0) {
        state.position = 0;
        state.mode = "paused";
        return;
      }
      state.k -= 1;
      state.clock += stepSeconds(state.k);
    }
    place();
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

  const inRect = ([rx, ry, rw, rh], x, y, grow = [0, 0]) =>
    x >= rx - grow[0] && x <= rx + rw + grow[0] && y >= ry - grow[1] && y <= ry + rh + grow[1];

  // the window's HudLayout.on_timeline: the bar, grown for a finger
  const onTimeline = (x, y) => inRect(h.track, x, y, [6 * h.scale, 12 * h.scale]);

  function scrubTo(x) {
    // the nearest step boundary to the share of the timeline (Player.seek_fraction)
    const [tx, , tw] = h.track;
    const fraction = Math.min(Math.max((x - tx) / Math.max(tw, 1), 0), 1);
    const target = fraction * h.nEvents;
    let lo = 0;
    let hi = steps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (h.boundaries[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    const best = lo > 0 && target - h.boundaries[lo - 1] <= h.boundaries[lo] - target
      ? lo - 1 : lo;
    seekBoundary(best);
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
    if (before === "playing" && state.position < last) play(false);
    else if (before === "reversing" && state.position > 0) play(true);
    return true;
  }

  function jumpMilestone(forward) {
    const here = boundaryAt(resting());
    const atRest = rest[here] === resting();
    const marks = h.milestones;
    const k = forward
      ? marks.find((m) => m > here) ?? steps
      : [...marks].reverse().find((m) => m < here || (!atRest && m === here)) ?? 0;
    seekBoundary(k);
    state.mode = "paused";
  }

  const keys = {
    " ": () => (state.mode === "paused" ? play(false) : pause()),
    ArrowRight: () => glideTo(nextBoundary(resting())),
    ArrowLeft: () => glideTo(previousBoundary(resting())),
    PageDown: () => glideTo(nextBoundary(resting())),
    PageUp: () => glideTo(previousBoundary(resting())),
    "Shift+ArrowRight": () => jumpMilestone(true),
    "Shift+ArrowLeft": () => jumpMilestone(false),
    Home: () => { seekBoundary(0); state.mode = "paused"; },
    End: () => { seekBoundary(steps); state.mode = "paused"; },
    ArrowUp: faster,
    ArrowDown: slower,
    r: () => (state.mode === "reversing" ? (state.mode = "playing") : play(true)),
    R: () => (state.mode === "reversing" ? (state.mode = "playing") : play(true)),
  };

  return { advance, keys, pointerDown, pointerMove, pointerUp, state };
}
