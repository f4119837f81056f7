// Tours: several traces in one page ("payload", "payload-1", ...), each its own payload,
// decoded when first shown, played one after the other as the window's tour plays them
// (viz/present.py): N and P go to the next and previous trace; a lesson's trace comes up
// on its title card first (Space, Right or PageDown go on into the trace; Left or PageUp
// back to the previous trace's end), and Left or PageUp at a trace's start go back to
// its card, Right or PageDown at its end on to the next card.

function payloadElements() {
  const found = [document.getElementById("payload")];
  for (let i = 1; document.getElementById(`payload-${i}`); i++) {
    found.push(document.getElementById(`payload-${i}`));
  }
  return found;
}

function makeTour(gl, shaders) {
  const elements = payloadElements();
  const entries = [];
  const view = { index: 0, onCard: false, help: false, language: null };
  let current = null;

  // the player draws through this: the card alone, or the frame with the help over it
  function layered(entry) {
    return {
      draw: (frame, label) => {
        const words = wordsOf(entry.data, view.language);
        if (view.onCard && words.card !== undefined) entry.renderer.draw(words.card);
        else entry.renderer.draw(frame, label, view.help ? words.help : undefined);
      },
      finish: () => entry.renderer.finish(),
    };
  }

  async function load(i) {
    if (!entries[i]) {
      const data = parse(await unpack(elements[i].textContent));
      const entry = { data, renderer: makeRenderer(gl, shaders, data) };
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

  const steps = () => current.data.header.rest.length - 1;
  const atStart = () => current.player.state.position === 0 && current.player.state.mode === "paused";
  const atEnd = () => {
    const s = current.player.state;
    return s.mode === "paused" && !s.glide && s.position === current.data.header.rest[steps()];
  };
  const hasCard = () => wordsOf(current.data, view.language).card !== undefined;

  function leaveCard() {
    view.onCard = false;
    report();
    redraw();
  }

  function toCard() {
    view.onCard = true;
    report();
    redraw();
  }

  // the tour's and the window's own keys, ahead of the player's (null: the player's)
  function action(named) {
    const last = elements.length - 1;
    const forward = named === " " || named === "ArrowRight" || named === "PageDown";
    const backward = named === "ArrowLeft" || named === "PageUp";
    if (named === "h" || named === "H") return () => { view.help = !view.help; report(); redraw(); };
    if (named === "Escape" && view.help) return () => { view.help = false; report(); redraw(); };
    if (named === "f" || named === "F") return () => { toggleFullscreen(); };
    if ((named === "n" || named === "N") && view.index < last) return () => go(view.index + 1);
    if ((named === "p" || named === "P") && view.index > 0) return () => go(view.index - 1);
    if (view.onCard) {
      if (forward) return leaveCard;
      if (backward && view.index > 0) return () => go(view.index - 1, true);
      return () => {}; // the card has no timeline to move
    }
    if (backward && named !== "PageUp" && atStart() && hasCard()) return toCard;
    if (named === "PageUp" && atStart() && hasCard()) return toCard;
    if (forward && named !== " " && atEnd() && view.index < last) return () => go(view.index + 1);
    return null;
  }

  return {
    go, setLanguage, action, report,
    get player() { return current.player; },
    get header() { return current.data.header; },
  };
}
