/*
 * CarePress reports index: a filter over every report, that works opened from disk.
 *
 * The data is window.CAREPRESS_REPORTS, set by reports/index-data.js (written by `carepress build`, see
 * ReportsIndexData.swift): every report in index order, those that need attention first. Each row is
 * [kind, id, patient, title, status, date, level, reasons, file, detail], without trailing 0 and "". The filter
 * matches every word typed against the starts of words of a report's patient, reference, kind, status, date,
 * attention, title and detail (a physio record's body area and concern, a stack's supplements), ignoring case,
 * accents and punctuation, and lists the matches in index order. The query is kept in the address (?q=...&kind=...),
 * so a filtered list can be bookmarked and survives a reload. Names are untrusted: they are only ever inserted with
 * textContent.
 */
(function () {
  "use strict";

  var LIMIT = 100; // matches listed at once; the count always covers all of them
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December"];

  var data = window.CAREPRESS_REPORTS;
  var section = document.querySelector("[data-report-filter]");
  if (!section || !data || data.version !== 1) return;

  var box = document.getElementById("filter-text");
  var kindMenu = document.getElementById("filter-kind");
  var status = document.getElementById("filter-status");
  var results = document.getElementById("filter-results");
  var list = document.getElementById("report-list");
  var form = section.querySelector("form");
  var rows = data.reports;
  var haystacks = null; // built on first use: one folded string per report

  // Letters that Unicode does not decompose into a base letter and an accent, as a reader would type them.
  var LETTERS = { "\u00df": "ss", "\u00e6": "ae", "\u00f0": "d", "\u00f8": "o", "\u00fe": "th", "\u0111": "d",
    "\u0127": "h", "\u0131": "i", "\u0142": "l", "\u0153": "oe" };
  var SPECIAL = /[\u00df\u00e6\u00f0\u00f8\u00fe\u0111\u0127\u0131\u0142\u0153]/g;
  var PUNCTUATION = /[^\p{L}\p{N}\s]+/gu;

  /** Lower case, without accents: "José" and "jose" match, "Łukasz" and "lukasz". */
  function fold(text) {
    text = text.toLowerCase();
    // Only text outside ASCII needs the slower Unicode work.
    if (!/[^\x00-\x7f]/.test(text)) return text;
    return text.normalize("NFD").replace(/\p{M}/gu, "").replace(SPECIAL, function (letter) { return LETTERS[letter]; });
  }

  /**
   * Folded text as the filter searches it, without punctuation: each run of punctuation left out ("O'Connor" is
   * "oconnor") and, where that changes the text, also as a space ("o connor"), so that "oconnor", "o'connor",
   * "connor", "alvareznunez" and "nunez" all find what they mean.
   */
  function searchable(text) {
    text = fold(text);
    if (!/[^a-z0-9\s]/.test(text)) return text;
    var joined = text.replace(PUNCTUATION, "");
    var spaced = text.replace(PUNCTUATION, " ");
    return joined === spaced ? joined : joined + "\n" + spaced;
  }

  /** 20261102 as "2 November 2026" (as the reports write dates), or "". */
  function longDate(value) {
    if (!value) return "";
    return (value % 100) + " " + MONTHS[Math.floor(value / 100) % 100 - 1] + " " + Math.floor(value / 10000);
  }

  function buildHaystacks() {
    haystacks = new Array(rows.length);
    var kinds = data.kinds.map(function (kind) { return searchable(kind[0] + " " + kind[2]); });
    var levels = data.levels.map(searchable);
    var titles = data.titles.map(searchable);
    var statuses = data.statuses.map(searchable);
    var reasons = data.reasons.map(searchable);
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      // The date as written ("2 november 2026") and as digits ("20261102", which "2026-11" finds without its dash).
      haystacks[i] = [searchable(row[2]), searchable(row[1]), kinds[row[0]], statuses[row[4]],
        longDate(row[5]).toLowerCase(), String(row[5] || ""),
        row[6] < levels.length - 1 ? levels[row[6]] + " needs attention" : "", reasons[row[7] || 0], titles[row[3]],
        row[9] ? searchable(row[9]) : ""].join("\n");
    }
  }

  /** Whether a letter or digit (anything outside ASCII counts as a letter). */
  function isWordCode(code) {
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || code > 127;
  }

  /** Whether `word` occurs in `text` at the start of a word: "sam" finds "Sam K." but not "Glucosamine". */
  function startsAWord(text, word) {
    for (var from = 0; ; ) {
      var at = text.indexOf(word, from);
      if (at < 0) return false;
      if (at === 0 || !isWordCode(text.charCodeAt(at - 1))) return true;
      from = at + 1;
    }
  }

  /** The words of a query, each without its punctuation: "O'Connor," is "oconnor", "2025-06" is "202506". */
  function words(query) {
    return fold(query).split(/\s+/).map(function (word) { return word.replace(PUNCTUATION, ""); })
      .filter(function (word) { return word !== ""; });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** One match, laid out like an entry of the index. */
  function entry(row) {
    var kind = data.kinds[row[0]];
    var item = element("li", "filter-result");
    var title = element("p", "filter-result-title");
    // Named by the patient, or by the reference when the record names nobody, as the index's own entries are.
    var link = element("a", null, row[2] && row[2].trim() ? row[2] : row[1]);
    link.setAttribute("href", (row[8] || kind[1] + "/" + row[1]) + ".html");
    var strong = element("strong");
    strong.appendChild(link);
    title.appendChild(strong);
    title.appendChild(document.createTextNode(" \u00b7 " + data.titles[row[3]]));
    item.appendChild(title);
    var facts = [kind[2], data.statuses[row[4]]];
    if (row[5]) facts.push(longDate(row[5]));
    if (row[9]) facts.push(row[9]);
    item.appendChild(element("p", "filter-result-facts", facts.join(" \u00b7 ")));
    if (row[6] < data.levels.length - 1) {
      var why = element("p", "filter-result-why");
      why.appendChild(element("strong", null, data.levels[row[6]] + ":"));
      why.appendChild(document.createTextNode(" " + data.reasons[row[7] || 0]));
      item.appendChild(why);
    }
    item.appendChild(element("p", "filter-result-facts", "Reference " + row[1]));
    return item;
  }

  function count(value, noun) {
    return value.toLocaleString("en") + " " + noun + (value === 1 ? "" : "s");
  }

  /** Keeps the query in the address (where the page allows it), so that it can be bookmarked and reloaded. */
  function remember(query, kind) {
    var params = new URLSearchParams();
    if (query.trim()) params.set("q", query);
    if (kind) params.set("kind", kind);
    var search = params.toString();
    var address = window.location.pathname + (search ? "?" + search : "") + window.location.hash;
    if (search === window.location.search.replace(/^\?/, "")) return;
    try {
      window.history.replaceState(window.history.state, "", address);
    } catch (error) {
      // A browser that does not let a page opened from disk change its address: the filter still works.
    }
  }

  function apply() {
    var query = box.value;
    var kind = kindMenu.value;
    var wanted = words(query);
    remember(query, kind);
    results.textContent = "";
    if (wanted.length === 0 && kind === "") {
      status.textContent = "";
      list.hidden = false;
      return;
    }
    if (!haystacks) buildHaystacks();
    var kindIndex = -1;
    for (var k = 0; k < data.kinds.length; k++) if (data.kinds[k][0] === kind) kindIndex = k;
    var shown = document.createDocumentFragment();
    var matches = 0;
    for (var i = 0; i < rows.length; i++) {
      if (kindIndex >= 0 && rows[i][0] !== kindIndex) continue;
      var haystack = haystacks[i];
      var all = true;
      for (var w = 0; w < wanted.length; w++) {
        if (!startsAWord(haystack, wanted[w])) {
          all = false;
          break;
        }
      }
      if (!all) continue;
      matches++;
      if (matches <= LIMIT) shown.appendChild(entry(rows[i]));
    }
    results.appendChild(shown);
    list.hidden = true;
    var what = query.trim() ? " \u201c" + query.trim() + "\u201d" : "";
    var among = kindIndex >= 0 ? " among " + data.kinds[kindIndex][2].toLowerCase() + "s" : "";
    if (matches === 0) {
      status.textContent = "No report matches" + what + among + ".";
    } else {
      var text = count(matches, "report") + (matches === 1 ? " matches" : " match") + what + among;
      text += matches > LIMIT ? ": the first " + LIMIT + " are listed. Type more to narrow it down." : ":";
      status.textContent = text;
    }
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    apply();
  });
  box.addEventListener("input", apply);
  kindMenu.addEventListener("change", apply);
  box.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && box.value !== "") {
      event.preventDefault();
      box.value = "";
      apply();
    }
  });

  section.hidden = false;
  // A filter in the address (index.html?q=Sam&kind=consult) is applied, so a filtered list can be bookmarked.
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) box.value = params.get("q");
  if (params.get("kind")) kindMenu.value = params.get("kind");
  if (box.value || kindMenu.value) apply();
  // Prepare the search text once the page has loaded, so that even at 100,000 reports the first letter typed
  // only runs the match itself.
  if (!haystacks) window.setTimeout(function () { if (!haystacks) buildHaystacks(); }, 0);

  window.CarePressReportsFilter = { apply: apply, count: function () { return rows.length; } };
})();
