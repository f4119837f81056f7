// The language menu, the help and fullscreen: how the page is looked at, apart from
// where the trace is.
//
// Each payload holds every moment in each language of the menu (viz/web/export.py:
// header.words[code] = its slots, playing frames, pace labels, help panel, card and
// title); switching a language swaps those tables under the player, which stays where it
// is, and draws again. H shows the window's help panel over the picture (baked once per
// language, drawn as an overlay as the window draws it over the stage), F toggles
// fullscreen, as the window's keys do.

const menu = document.getElementById("language");

// the words of `code` under the player of `data` (false if the payload lacks them)
function applyLanguage(data, code) {
  const words = data.header.words && data.header.words[code];
  if (!words) return false;
  data.header.slots = words.slots;
  data.header.playing = words.playing;
  data.header.paceLabels = words.paceLabels;
  data.header.paceLabelsBy = words.paceLabelsBy;
  return true;
}

function wordsOf(data, code) {
  return (data.header.words && data.header.words[code]) || {};
}

function toggleFullscreen() {
  if (document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
  } else if (document.documentElement.requestFullscreen) {
    document.documentElement.requestFullscreen().catch(() => {});
  }
}

// The menu: a <select> over the page (Tab reaches it; its own keys move it, Escape goes
// back to the picture); `choose` switches the page's language.
function wireMenu(choose) {
  if (!menu) return;
  menu.addEventListener("change", () => choose(menu.value));
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setTimeout(() => canvas.focus(), 0); // after the select's own handling of Escape
    }
  });
}
