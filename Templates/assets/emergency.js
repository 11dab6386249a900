/*
 * CarePress recovery guide: the emergency screen, run on a concern before the search shows any condition.
 *
 * A line-by-line port of the Swift EmergencyScreen (Sources/CarePress/Matching/EmergencyScreen.swift) over the
 * same data, window.CAREPRESS_INDEX.emergency, written by `carepress build` into search-index.js. Words are folded
 * with the search's own helpers (CarePressSearch.stem, the port of ConcernText.stem, and its text helpers, from
 * search.js, which the page loads first). A browser test
 * compares this screen with `carepress match` on every concern of Tests/MatcherEvaluation. Change them together.
 */
(function () {
  "use strict";

  var data = window.CAREPRESS_INDEX && window.CAREPRESS_INDEX.emergency;
  if (!data) return;

  // The text helpers are search.js's (loaded before this file), so the two read a concern's words alike.
  var search = window.CarePressSearch;
  if (!search) return;
  var characters = search.characters;
  var lowercased = search.lowercased;
  var key = search.key;
  var wordStart = /^[\p{Alphabetic}\p{N}]/u;
  /** EmergencyScreen.maximumWords. */
  var MAXIMUM_WORDS = 5000;

  var stopWords = new Set(data.stopWords.map(key));
  var negations = new Set(data.negations.map(key));
  var alike = new Map();
  Object.keys(data.alike).forEach(function (word) {
    alike.set(key(word), data.alike[word]);
  });
  var signs = data.signs;

  /** EmergencyScreen.words: split as ConcernText does, "can not" as "cant", stemmed, alike words merged, stop words out. */
  function words(text) {
    var stem = search.stem;
    var raw = [];
    var current = "";
    characters(lowercased(text)).forEach(function (character) {
      if (character === "'" || character === "\u2019") return;
      if (wordStart.test(character)) {
        current += character;
      } else if (current !== "") {
        raw.push(current);
        current = "";
      }
    });
    if (current !== "") raw.push(current);
    var result = [];
    for (var index = 0; index < raw.length; ) {
      var word = raw[index];
      if ((key(word) === "can" || key(word) === "could") && index + 1 < raw.length && key(raw[index + 1]) === "not") {
        word = "cant";
        index += 1;
      }
      index += 1;
      var folded = stem(word);
      var common = alike.has(key(folded)) ? alike.get(key(folded)) : alike.has(key(word)) ? alike.get(key(word)) : folded;
      if (!stopWords.has(key(word)) && !stopWords.has(key(common))) result.push(common);
    }
    return result.slice(0, MAXIMUM_WORDS);
  }

  /** EmergencyScreen.withinOneEdit, on Unicode scalars. */
  function withinOneEdit(x, y) {
    if (Math.abs(x.length - y.length) > 1) return false;
    var i = 0;
    var j = 0;
    var edits = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        i++;
        j++;
        continue;
      }
      edits++;
      if (edits > 1) return false;
      if (x.length >= y.length) i++;
      if (x.length <= y.length) j++;
    }
    return edits + (x.length - i) + (y.length - j) <= 1;
  }

  /** EmergencyScreen.matches: the same word, the same plus a suffix, or a slip of one edit. */
  function matches(word, target) {
    var w = key(word);
    var t = key(target);
    if (w === t) return true;
    if (data.suffixes.some(function (suffix) { return w === key(target + suffix); })) return true;
    var x = Array.from(word);
    var y = Array.from(target);
    if (x.length < 5 || y.length < 5 || x[0] !== y[0]) return false;
    return withinOneEdit(x, y);
  }

  /** EmergencyScreen.isFound: every word of the phrasing within a short run that starts at one of them. */
  function isFound(phrasing, list, stands) {
    for (var start = 0; start < list.length; start++) {
      if (!phrasing.some(function (target) { return stands(list[start], target); })) continue;
      if (start > 0 && negations.has(key(list[start - 1]))) continue;
      var end = Math.min(list.length, start + phrasing.length + data.slack);
      var used = new Set();
      var complete = true;
      for (var n = 0; n < phrasing.length; n++) {
        var position = -1;
        for (var p = start; p < end; p++) {
          if (!used.has(p) && stands(list[p], phrasing[n])) {
            position = p;
            break;
          }
        }
        if (position < 0) {
          complete = false;
          break;
        }
        used.add(position);
      }
      if (complete && used.has(start)) return true;
    }
    return false;
  }

  /** EmergencyScreen.urgentSigns: the signs a concern carries, each once, in file order. */
  function screen(concern) {
    var list = words(String(concern));
    if (list.length === 0) return [];
    var found = new Map(); // each distinct concern word: the phrasing words it stands for
    function stands(word, target) {
      var k = key(word);
      if (!found.has(k)) {
        var set = new Set();
        signs.forEach(function (entry) {
          entry.phrasings.forEach(function (phrasing) {
            phrasing.forEach(function (candidate) {
              if (!set.has(key(candidate)) && matches(word, candidate)) set.add(key(candidate));
            });
          });
        });
        found.set(k, set);
      }
      return found.get(k).has(key(target));
    }
    var result = [];
    signs.forEach(function (entry) {
      var hit = entry.phrasings.some(function (phrasing) { return isFound(phrasing, list, stands); });
      if (hit) result.push({ sign: entry.id, advice: entry.advice });
    });
    return result;
  }

  /** The urgent callout for a concern's signs, to show above any result, or null when there are none. */
  function callout(concern) {
    var found = screen(concern);
    if (found.length === 0) return null;
    var box = document.createElement("aside");
    box.className = "callout urgent urgent-signs";
    box.setAttribute("aria-labelledby", "search-urgent");
    var heading = document.createElement("h3");
    heading.id = "search-urgent";
    var icon = document.createElement("span");
    icon.className = "callout-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = "!";
    heading.appendChild(icon);
    heading.appendChild(document.createTextNode(" Urgent: get help now"));
    box.appendChild(heading);
    found.forEach(function (sign) {
      var advice = document.createElement("p");
      advice.className = "urgent-advice";
      advice.setAttribute("data-sign", sign.sign);
      advice.textContent = sign.advice;
      box.appendChild(advice);
    });
    box.appendChild(
      document.createElement("p")
    ).textContent = "What you wrote can be a sign of an emergency. Do not start the exercises in this guide.";
    return box;
  }

  /** For the search and for tests: the same signs as `carepress match --json` gives in urgentSigns. */
  window.CarePressEmergency = { words: words, screen: screen, callout: callout };
})();
