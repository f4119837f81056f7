// A quiz in the page: the window's quiz (viz/quiz_mode.py, viz/quiz_panel.py) over the
// baked frames. The exporter judged every answer of every question (viz/web/quiz_page.py:
// header.quiz), so judging here is looking up. Playback stops before each question's step;
// the student answers by a click on the picture (its hit map names the move, as the scene's
// quiz_answer would), by a button (the judge's choices, or the moves a clicked part begins)
// or by typing the move; right or also right: the step plays on; wrong: the judge's next
// hint, then the recorded move is shown. The score counts the questions whose first answer
// was right. The words are the page's own elements (large, over the caption's place and
// over the footer, whose timeline a quiz holds back), so they switch language with the menu.

const quizWords = document.getElementById("quiz-words");
const quizBar = document.getElementById("quiz-bar");
const quizSummary = document.getElementById("quiz-summary");

const fillIn = (pattern, args) => pattern.replace(/\{(\w+)\}/g, (all, name) =>
  (name in args ? String(args[name]) : all));

// the answers that `prefix` begins where the next character ends a word (quiz_mode.completions)
function completions(prefix, answers) {
  const n = prefix.length;
  return answers.filter((a) => a.startsWith(prefix) && a.length > n && !/[A-Za-z0-9]/.test(a[n]));
}

function makeQuiz(tour) {
  const h = tour.header;
  const data = h.quiz;
  const [width, height] = h.size;
  const questions = data.questions.map((q) => ({
    ...q, list: data.answerLists[q.answers], attempts: [], told: 0, shown: false,
  }));
  const quiz = {
    index: 0, phase: "playing", pending: "", feedback: [], tone: "ask", note: "", last: 0,
  };
  const player = () => tour.player;
  const lang = () => document.documentElement.lang;
  const words = () => data.words[lang()] ?? data.words[h.languages[0]];
  const question = () => questions[quiz.index] ?? null;
  // a feedback entry is [word, args]; an arg {r: k} is reason k in the reader's language
  const said = ([key, args]) => {
    const w = words();
    const filled = {};
    for (const [name, value] of Object.entries(args)) {
      filled[name] = value !== null && typeof value === "object" ? w.reasons[value.r] : value;
    }
    return fillIn(w[key], filled);
  };
  const sentence = (text) => (!text || /[.!?。！？]$/.test(text) ? text :
    text + (lang() === "ja" ? "。" : "."));

  function place(element, [x, y, w, hh], bottom = false) {
    element.style.left = `${(x / width) * 100}%`;
    element.style.width = `${(w / width) * 100}%`;
    if (bottom) element.style.bottom = `${((height - y - hh) / height) * 100}%`;
    else element.style.top = `${(y / height) * 100}%`;
    element.style.minHeight = `${(hh / height) * 100}%`;
  }
  place(quizWords, data.caption);
  place(quizBar, data.bar, true);
  place(quizSummary, data.stage);
  const frame = document.getElementById("frame");
  const unit = () => frame.style.setProperty("--u", `${canvas.getBoundingClientRect().height / 720}px`);
  new ResizeObserver(unit).observe(canvas);
  unit();
  // the Japanese glyphs of the words, for a browser with no Japanese font (quiz_page.py)
  for (const [weight, data64] of Object.entries(data.fonts ?? {})) {
    const face = new FontFace("puzzleviz-quiz", base64Bytes(data64), { weight });
    document.fonts.add(face);
    face.load().catch(() => {});
  }
  const rgb = (c) => `rgb(${c.slice(0, 3).map((v) => Math.round(v * 255)).join(",")})`;
  for (const element of [quizWords, quizBar, quizSummary]) {
    element.style.background = rgb(h.background);
    element.hidden = false;
  }

  // -- where it stops -----------------------------------------------------------------
  const stopPosition = () => (quiz.phase === "playing" && question() ? question().at : null);

  function arrive() {
    quiz.phase = "asking";
    quiz.pending = "";
    quiz.feedback = [];
    quiz.tone = "ask";
  }

  function halt(p) {
    player().seek(p);
    player().state.mode = "paused";
  }

  // after the player moved from `before`: stop at the question it reached
  function tick() {
    const s = player().state;
    const before = quiz.last;
    quiz.last = s.position;
    const stop = stopPosition();
    if (stop !== null && before <= stop && stop <= s.position) {
      halt(stop);
      quiz.last = stop;
      arrive();
      show();
    } else if (quiz.phase === "playing" && !question() && s.position >= h.nEvents && !s.glide) {
      quiz.phase = "finished";
      show();
    }
  }

  // -- answering ------------------------------------------------------------------------
  function choices() {
    const q = question();
    if (quiz.phase !== "asking" || !q) return [];
    return quiz.pending ? completions(quiz.pending, q.list) : q.choices;
  }

  function answer(text) {
    const q = question();
    if (quiz.phase !== "asking" || !q) return;
    quiz.note = "";
    let k = q.list.indexOf(text);
    if (k < 0) { // typed: as the notation writes it, whatever the case and spacing
      const norm = (t) => t.trim().replace(/\s+/g, " ").toLowerCase();
      k = q.list.findIndex((a) => norm(a) === norm(text));
    }
    if (k < 0 && completions(text, q.list).length) {
      quiz.pending = text;
      show();
      return;
    }
    quiz.pending = "";
    if (k < 0) {
      quiz.feedback = [["notMove", { answer: text.trim() }]];
      quiz.tone = "ask";
      show();
      return;
    }
    const kind = q.kinds[k];
    const reason = { r: q.reasons[k] };
    q.attempts.push({ answer: q.list[k], kind });
    if (kind !== "w") {
      quiz.phase = "answered";
      quiz.tone = "right";
      quiz.feedback = [kind === "r" ? ["right", { reason }] : ["different", { reason, move: q.recorded }]];
    } else if (!tellHint(["wrong", { reason }])) {
      reveal(["wrong", { reason }]);
    }
    show();
  }

  function tellHint(before) {
    const q = question();
    if (q.told >= q.hints.length) return false;
    q.told += 1;
    const hint = ["hint", { level: q.told, levels: q.hints.length, hint: { r: q.hints[q.told - 1] } }];
    quiz.feedback = before ? [before, hint] : [hint];
    quiz.tone = before ? "wrong" : "ask";
    return true;
  }

  function reveal(before) {
    const q = question();
    q.shown = !q.attempts.some((a) => a.kind !== "w");
    const shown = ["shown", { move: q.recorded }];
    quiz.feedback = before ? [before, shown] : [shown];
    quiz.phase = "shown";
    quiz.tone = "shown";
  }

  function hint() {
    quiz.note = "";
    if (quiz.phase === "asking" && !tellHint(null)) reveal(null);
    show();
  }

  function goOn() {
    if (quiz.phase !== "answered" && quiz.phase !== "shown") return false;
    quiz.index += 1;
    quiz.phase = "playing";
    quiz.pending = "";
    quiz.feedback = [];
    quiz.tone = "ask";
    quiz.last = player().state.position;
    player().keys[" "](); // play on
    show();
    return true;
  }

  // Space, Right, PageDown, Enter: show the move / play it and go on; while it plays,
  // Space pauses and the others go to the next question at once
  function go(named) {
    quiz.note = "";
    if (quiz.phase === "asking") {
      reveal(null);
    } else if (goOn()) {
      return;
    } else if (quiz.phase === "playing" && named === " ") {
      player().keys[" "]();
    } else if (quiz.phase === "playing") {
      const stop = stopPosition();
      halt(stop ?? h.nEvents);
      quiz.last = stop ?? h.nEvents;
      if (stop === null) quiz.phase = "finished";
      else arrive();
    }
    show();
  }

  const GO = [" ", "ArrowRight", "PageDown", "Enter"];
  const PASSED = ["ArrowUp", "ArrowDown", "a", "A", "l", "L", "h", "H", "f", "F", "Escape"];

  // true when the quiz took the key (or held it back)
  function key(named) {
    if (GO.includes(named)) {
      go(named);
      return true;
    }
    if (named === "i" || named === "I") {
      hint();
      return true;
    }
    if (PASSED.includes(named) || named.length > 1 && !named.startsWith("Arrow") &&
        !["Home", "End", "PageUp"].includes(named)) return false;
    quiz.note = words().held;
    show();
    return true;
  }

  const inRect = ([rx, ry, rw, rh], x, y) => x >= rx && x < rx + rw && y >= ry && y < ry + rh;

  // a click on the picture: the move its hit map names (button 1 left, 3 right)
  function click(x, y, button) {
    const q = question();
    if (quiz.phase === "asking" && q) {
      const map = data.maps[q.maps[Math.max(h.languages.indexOf(lang()), 0)]];
      const rects = map.rects;
      for (let i = 0; i < rects.length; i += 6) {
        if (inRect(rects.slice(i, i + 4), x, y)) {
          const k = rects[i + (button === 3 ? 5 : 4)];
          if (k >= 0) answer(map.names[k]);
          return true;
        }
      }
    }
    if (inRect(data.stage, x, y)) return true;
    quiz.note = words().held; // the timeline, the play button: the quiz decides
    show();
    return true;
  }

  // -- what it shows --------------------------------------------------------------------
  function button(label, action, cls = "") {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", (event) => {
      event.preventDefault();
      action();
      player().advance(0);
    });
    return b;
  }

  const score = () => questions.filter((q) => q.attempts.length && q.attempts[0].kind !== "w").length;
  const asked = () => questions.filter((q) => q.attempts.length || q.shown).length;

  function text() {
    const w = words();
    const q = question();
    const n = questions.length;
    if (quiz.phase === "finished") return fillIn(w.summary, { score: score(), n });
    if (!q) return w.over;
    const k = quiz.index + 1;
    if (quiz.phase === "playing") return fillIn(w.coming, { k, n, step: q.step + 1 });
    const told = quiz.feedback.map((entry) => sentence(said(entry))).join(" ");
    if (told) {
      return fillIn(w.said, { k, n, said: told, then: quiz.phase === "asking" ? w.tryAgain : w.goOn });
    }
    const how = quiz.pending ? fillIn(w.part, { part: quiz.pending }) :
      choices().length ? w.choose : w.prompt;
    return fillIn(w.ask, { k, n, how });
  }

  function summaryRows() {
    const w = words();
    return questions.map((q, i) => {
      const where = fillIn(w.rowWhere, { k: i + 1, step: q.step + 1 });
      const tried = q.attempts.map((a) => a.answer).join(", ");
      const first = q.attempts[0];
      let what;
      if (first && first.kind !== "w") {
        what = first.kind === "r" ? fillIn(w.rowRight, { answer: first.answer }) :
          fillIn(w.rowDifferent, { answer: first.answer, move: q.recorded });
      } else if (q.attempts.some((a) => a.kind !== "w")) {
        what = fillIn(w.rowTries, { n: q.attempts.length, answers: tried });
      } else if (q.attempts.length) {
        what = fillIn(w.rowShownTried, { move: q.recorded, answers: tried });
      } else if (q.shown) {
        what = fillIn(w.rowShown, { move: q.recorded });
      } else {
        what = w.rowNotAsked;
      }
      return [where, what];
    });
  }

  function show() {
    const w = words();
    const said = text();
    quizWords.textContent = quiz.note ? `${said} (${quiz.note})` : said;
    quizWords.style.color = rgb(data.tones[quiz.tone]);
    quizWords.dataset.tone = quiz.tone;
    const focused = quizBar.contains(document.activeElement) ? document.activeElement.className : "";
    quizBar.replaceChildren();
    const offered = document.createElement("div");
    offered.className = "offered";
    for (const a of choices()) {
      const rest = quiz.pending ? a.slice(quiz.pending.length) : "";
      const label = rest.startsWith(" ") ? rest.trim() : a;
      offered.append(button(label, () => answer(a), "choice"));
    }
    const controls = document.createElement("div");
    controls.className = "controls";
    if (quiz.phase === "asking") {
      const typed = document.createElement("input");
      typed.type = "text";
      typed.className = "typed";
      typed.placeholder = w.typed;
      typed.setAttribute("aria-label", w.typed);
      typed.addEventListener("keydown", (event) => {
        event.stopPropagation(); // the page's keys stay out of the typing
        if (event.key === "Enter" && typed.value.trim()) {
          answer(typed.value);
          player().advance(0);
        } else if (event.key === "Escape") {
          canvas.focus();
        }
      });
      controls.append(typed, button(w.hintButton, hint, "hint"), button(w.showButton, () => go(" "), "show"));
    } else if (quiz.phase === "answered" || quiz.phase === "shown") {
      controls.append(button(w.goButton, () => go(" "), "go"));
    }
    const status = document.createElement("span");
    status.className = "score";
    status.textContent = fillIn(w.scoreSoFar[asked()], { score: score(), n: asked() });
    if (quiz.phase !== "finished") controls.append(status); // the summary says it then
    quizBar.append(offered, controls);
    if (focused) quizBar.querySelector(`.${focused.split(" ")[0]}`)?.focus();
    quizSummary.hidden = quiz.phase !== "finished";
    if (quiz.phase === "finished") {
      const table = document.createElement("table");
      for (const row of summaryRows()) {
        const tr = table.insertRow();
        for (const cell of row) tr.insertCell().textContent = cell;
      }
      const title = document.createElement("h2");
      title.textContent = said;
      quizSummary.replaceChildren(title, table);
    }
    api.quiz = {
      phase: quiz.phase, index: quiz.index, score: score(), questions: questions.length,
      words: quizWords.textContent,
    };
  }

  show();
  return { key, click, tick, show };
}
