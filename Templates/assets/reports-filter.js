/*
 * CarePress reports index: a filter over every report, that works opened from disk.
 *
 * The data is window.CAREPRESS_REPORTS, set by reports/index-data.js (written by `carepress build`, see
 * ReportsIndexData.swift): every report in index order, those that need attention first. Each row is
 * [kind, id, patient, title, status, date, level, reasons, file], without trailing 0 and "". The filter matches every word typed against the
 * starts of words of a report's patient, reference, kind, status, date, attention and title, ignoring case and
 * accents, and lists the matches in index order. Names are untrusted: they are only ever inserted with textContent.
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

  /** Lower case, without accents: "José" and "jose" match. */
  function fold(text) {
    text = text.toLowerCase();
    // Only text outside ASCII needs the slower Unicode work.
    return /[^\x00-\x7f]/.test(text) ? text.normalize("NFD").replace(/\p{M}/gu, "") : text;
  }

  /** 20261102 as "2 November 2026" (as the reports write dates), or "". */
  function longDate(value) {
    if (!value) return "";
    return (value % 100) + " " + MONTHS[Math.floor(value / 100) % 100 - 1] + " " + Math.floor(value / 10000);
  }

  /** 20261102 as "2026-11-02", or "". */
  function isoDate(value) {
    if (!value) return "";
    var text = String(value);
    return text.slice(0, 4) + "-" + text.slice(4, 6) + "-" + text.slice(6, 8);
  }

  function buildHaystacks() {
    haystacks = new Array(rows.length);
    var kinds = data.kinds.map(function (kind) { return fold(kind[0] + " " + kind[2]); });
    var levels = data.levels.map(fold);
    var titles = data.titles.map(fold);
    var statuses = data.statuses.map(fold);
    var reasons = data.reasons.map(fold);
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      haystacks[i] = [fold(row[2]), fold(row[1]), kinds[row[0]], statuses[row[4]], longDate(row[5]).toLowerCase(),
        isoDate(row[5]), row[6] < levels.length - 1 ? levels[row[6]] + " needs attention" : "",
        reasons[row[7] || 0], titles[row[3]]].join("\n");
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

  function words(query) {
    return fold(query).split(/\s+/).filter(function (word) { return word !== ""; });
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
    var link = element("a", null, data.titles[row[3]]);
    link.setAttribute("href", (row[8] || kind[1] + "/" + row[1]) + ".html");
    var strong = element("strong");
    strong.appendChild(link);
    title.appendChild(strong);
    if (row[2]) title.appendChild(document.createTextNode(" for " + row[2]));
    item.appendChild(title);
    var facts = [kind[2], data.statuses[row[4]]];
    if (row[5]) facts.push(longDate(row[5]));
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

  function apply() {
    var query = box.value;
    var kind = kindMenu.value;
    var wanted = words(query);
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
