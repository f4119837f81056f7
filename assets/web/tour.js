// Tours: several traces in one page ("payload", "payload-1", ...), each its own payload,
// decoded when first shown, played one after the other as the window's tour plays them
// (viz/present.py): N and P go to the next trace and to the previous one's end; a
// lesson's trace comes up on its title card first, and PageDown / PageUp (a clicker) are
// the lesson's "next" and "back" (forward and backward below; Space, Right and Left too
// while the card is up).

function payloadElements() {
  const found = [document.getElementById("payload")];
  for (let i = 1; document.getElementById(`payload-${i}`); i++) {
    found.push(document.getElementById(`payload-${i}`));
  }
  return found;
}

// `scenes3d`: each trace's 3D layers (base64, frames3d.py) or null; `orbit` moves the
// camera of the 3D trace shown (orbit.js)
function makeTour(gl, shaders, scenes3d, orbit) {
  const elements = payloadElements();
  const entries = [];
  const view = { index: 0, onCard: false, help: false, language: null };
  let current = null;

  // the player draws through this: the card alone, or the frame with the help over it
  function layered(entry) {
    return {
      draw: (frame, label, slot) => {
        const words = wordsOf(entry.data, view.language);
        // false while a chunk it needs is unpacking: the player draws it again then
        if (view.onCard && words.card !== undefined) {
          return entry.renderer.draw(view.help ? words.cardKeys ?? words.card : words.card);
        }
        return entry.renderer.draw(frame, label, view.help ? words.help : undefined, slot);
      },
      finish: () => entry.renderer.finish(),
      // a 3D trace's moment and camera: the picture changes with either (orbit.js)
      sceneKey: entry.scene3d ? (slot) => orbit.key(slot) : null,
    };
  }

  async function load(i) {
    if (!entries[i]) {
      const data = await unpack(elements[i].textContent);
      const layers = scenes3d[i] ? parse3d(await gunzip(base64Bytes(scenes3d[i]))) : null;
      const entry = { data, scene3d: layers && makeRenderer3D(gl, shaders, layers, canvas.height) };
      entry.renderer = makeRenderer(gl, shaders, data, layers && ((slot) => orbit.draw(slot)));
      entry.player = makePlayer(data, layered(entry));
      entries[i] = entry;
    }
    const entry = entries[i];
    if (view.language === null) view.language = entry.data.header.languages?.[0] ?? null;
    applyLanguage(entry.data, view.language);
    return entry;
  }

  function redraw() {
    current.player.state.shown = "";
    current.player.advance(0);
  }

  function report() {
    const h = current.data.header;
    api.trace = view.index;
    api.traces = elements.length;
    api.steps = h.rest.length - 1;
    api.track = h.track;
    api.language = view.language;
    api.card = view.onCard;
    api.help = view.help;
    api.fullscreen = Boolean(document.fullscreenElement);
  }

  // trace `i`: on its card (if it has one), or at its end coming back
  async function go(i, atEnd = false) {
    if (i < 0 || i >= elements.length) return;
    const entry = await load(i);
    view.index = i;
    current = entry;
    orbit.attach(entry.scene3d, entry.player);
    const p = entry.player;
    p.keys[atEnd ? "End" : "Home"]();
    view.onCard = !atEnd && wordsOf(entry.data, view.language).card !== undefined;
    report();
    redraw();
  }

  function setLanguage(code) {
    if (!applyLanguage(current.data, code)) return;
    view.language = code;
    const words = wordsOf(current.data, code);
    if (words.title) document.title = words.title;
    document.documentElement.lang = code;
    if (menu) menu.value = code;
    report();
    redraw();
  }

  const hasCard = () => wordsOf(current.data, view.language).card !== undefined;
  const keys = () => current.player.keys;

  function setCard(on) {
    view.onCard = on;
    report();
    redraw();
  }

  // The clicker's "next" and "back" of a lesson (viz/present.py forward / backward):
  // from the card into the trace, playing; while playing to the end; at the end to the
  // next card. Back: to the start, from the start to the card, from the card to the
  // previous slide's end.
  function forward() {
    const s = current.player.state;
    if (view.onCard) {
      setCard(false);
      keys().Home();
      keys()[" "]();
    } else if (s.mode === "playing" || s.mode === "reversing") {
      keys().End();
    } else if (s.position >= current.data.header.nEvents && !s.glide) { // at the end
      return go(view.index + 1);
    } else {
      keys()[" "]();
    }
    return undefined;
  }

  function backward() {
    if (view.onCard) return go(view.index - 1, true);
    if (current.player.state.position > 0 || current.player.state.glide) keys().Home();
    else setCard(true);
    return undefined;
  }

  // the tour's and the window's own keys, ahead of the player's (null: the player's)
  function action(named) {
    const last = elements.length - 1;
    const toggle = (name) => () => { view[name] = !view[name]; report(); redraw(); };
    if (named === "h" || named === "H") return toggle("help");
    if (named === "Escape" && view.help) return toggle("help");
    if (named === "f" || named === "F") return toggleFullscreen;
    if ((named === "n" || named === "N") && view.index < last) return () => go(view.index + 1);
    if ((named === "p" || named === "P") && view.index > 0) return () => go(view.index - 1, true);
    if (!hasCard()) return null; // a tour of traces: the player's keys
    const onCard = view.onCard;
    if (named === "PageDown" || (onCard && (named === " " || named === "ArrowRight"))) {
      return forward;
    }
    if (named === "PageUp" || (onCard && named === "ArrowLeft")) return backward;
    return onCard ? () => {} : null; // other keys wait for the trace
  }

  return {
    go, setLanguage, action, report,
    get player() { return current.player; },
    get header() { return current.data.header; },
  };
}
