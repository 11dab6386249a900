/*
 * CarePress recovery guide: search that works opened from disk.
 *
 * The index is window.CAREPRESS_INDEX, set by search-index.js (written by `carepress build`). The matcher below is
 * a line-by-line port of the Swift ConcernText and ConditionMatcher, so the guide ranks a concern exactly as
 * `carepress match` does; a browser test compares the two on every held-out concern. Change them together.
 *
 * Swift strings are sequences of grapheme clusters compared by canonical equivalence; the port keeps that:
 * words are built from grapheme clusters, lengths count clusters, equality compares NFC forms, and the stemmer and
 * the one-edit test work on Unicode scalars (code points), as in Swift.
 */
(function () {
  "use strict";

  var segmenter =
    typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
      ? new Intl.Segmenter("en", { granularity: "grapheme" })
      : null;
  var wordStart = /^[\p{Alphabetic}\p{N}]/u;
  /** ConditionMatcher.maximumWords: only the first words of a concern are read, so a huge paste stays cheap. */
  var MAXIMUM_WORDS = 5000;
  /** ConditionMatcher.correctedLength: the fewest characters a word needs before a slip in it is corrected. */
  var CORRECTED_LENGTH = 5;
  /** ConditionMatcher.rareFrequency: a word of at most this many conditions is evidence of its own. */
  var RARE_FREQUENCY = 2;

  /** The grapheme clusters of a string (Swift's Characters). */
  function characters(text) {
    if (segmenter) {
      var result = [];
      for (var part of segmenter.segment(text)) result.push(part.segment);
      return result;
    }
    // Fallback: a scalar plus any combining marks that follow it.
    return text.match(/[\s\S]\p{M}*/gu) || [];
  }

  /** How many Characters Swift counts in a string. */
  function characterCount(text) {
    return characters(text).length;
  }

  /** The canonical form two strings are compared in: Swift's == is canonical equivalence. */
  function key(text) {
    return text.normalize("NFC");
  }

  /** Swift's String < : the NFC forms' Unicode scalars, compared in order. */
  function compareNames(a, b) {
    var x = Array.from(key(a));
    var y = Array.from(key(b));
    for (var i = 0; i < x.length && i < y.length; i++) {
      var d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }

  /** Swift's String.lowercased(): each scalar's own lowercase mapping, with no context rules. */
  function lowercased(text) {
    var out = "";
    for (var scalar of text) out += scalar.toLowerCase();
    return out;
  }

  /** ConcernText.stem: -ies to -y, then -ing, -ed or a plural -s, then a final -e; words of 3 scalars or fewer stay. */
  function stem(word) {
    var s = Array.from(word);
    if (s.length <= 3) return word;
    function ends(suffix) {
      return s.length >= suffix.length && s.slice(s.length - suffix.length).join("") === suffix;
    }
    function undouble() {
      var last = s[s.length - 1];
      if (s.length >= 2 && last === s[s.length - 2] && "lsz".indexOf(last) < 0) s.pop();
    }
    if (ends("ies") && s.length > 4) {
      s.length -= 3;
      s.push("y");
    } else if (ends("ing") && s.length > 5) {
      s.length -= 3;
      undouble();
    } else if (ends("ed") && s.length > 4) {
      s.length -= 2;
      undouble();
    } else if (ends("s") && !ends("ss") && !ends("us") && !ends("is")) {
      s.pop();
    }
    if (ends("e") && s.length > 3) s.pop();
    return s.join("");
  }

  /** ConditionMatcher.withinOneEdit: one insertion, deletion or substitution of a scalar, or two neighbours swapped. */
  function withinOneEdit(a, b) {
    var x = Array.from(a);
    var y = Array.from(b);
    if (Math.abs(x.length - y.length) > 1) return false;
    var start = 0;
    while (start < Math.min(x.length, y.length) && x[start] === y[start]) start++;
    var xEnd = x.length;
    var yEnd = y.length;
    while (xEnd > start && yEnd > start && x[xEnd - 1] === y[yEnd - 1]) {
      xEnd--;
      yEnd--;
    }
    var xLeft = xEnd - start;
    var yLeft = yEnd - start;
    if (xLeft <= 1 && yLeft <= 1) return true;
    return xLeft === 2 && yLeft === 2 && x[start] === y[start + 1] && x[start + 1] === y[start];
  }

  /** MatcherIndex.startsWith: whether `phrase` appears in `list` from `start`. */
  function startsWith(list, start, phrase) {
    if (start + phrase.length > list.length) return false;
    for (var n = 0; n < phrase.length; n++) {
      if (list[start + n] !== phrase[n]) return false;
    }
    return true;
  }

  /** MatcherIndex.rewrite: synonym phrases replaced, left to right, longest first; each word keeps its group. */
  function rewrite(list, rewrites) {
    var out = { words: [], groups: [] };
    var start = 0;
    while (start < list.length) {
      var found = null;
      for (var n = 0; n < rewrites.length && found === null; n++) {
        if (startsWith(list, start, rewrites[n].from)) found = rewrites[n];
      }
      if (found !== null) {
        found.to.forEach(function (word) {
          out.words.push(word);
          out.groups.push(start);
        });
        start += found.from.length;
      } else {
        out.words.push(list[start]);
        out.groups.push(start);
        start++;
      }
    }
    return out;
  }

  /** MatcherIndex.areas: for each body area the words name, where the phrases naming it start; and for each word
   * of a body-part phrase, where its phrase starts. */
  function namedAreas(list, bodyParts) {
    var areas = new Map();
    var parts = new Map();
    var start = 0;
    while (start < list.length) {
      var found = null;
      for (var n = 0; n < bodyParts.length && found === null; n++) {
        if (startsWith(list, start, bodyParts[n].from)) found = bodyParts[n];
      }
      if (found === null) {
        start++;
        continue;
      }
      for (var k = start; k < start + found.from.length; k++) parts.set(k, start);
      found.to.forEach(function (area) {
        if (!areas.has(area)) areas.set(area, new Set());
        areas.get(area).add(start);
      });
      start += found.from.length;
    }
    return { areas: areas, parts: parts };
  }

  /** The matcher over one index: the same steps as ConditionMatcher.matches. */
  function Matcher(index) {
    var stopWords = new Set(index.stopWords.map(key));
    var vocabulary = index.vocabulary;
    var vocabularyKeys = new Set(vocabulary.map(key));
    var vocabularyLengths = vocabulary.map(characterCount);
    var key2 = function (list) {
      return list.map(key);
    };
    var rewrites = index.rewrites.map(function (r) { return { from: key2(r.from), to: key2(r.to) }; });
    var bodyParts = index.bodyParts.map(function (r) { return { from: key2(r.from), to: r.to }; });
    // MatcherIndex.notMusculoskeletal: the phrases that point away, by their first word; their words, never corrected.
    var awayByFirst = new Map();
    var awayWords = new Set();
    (index.notMusculoskeletal || []).forEach(function (phrase) {
      var keys = key2(phrase);
      if (!awayByFirst.has(keys[0])) awayByFirst.set(keys[0], []);
      awayByFirst.get(keys[0]).push(keys);
    });
    (index.notMusculoskeletalWords || []).forEach(function (word) { awayWords.add(key(word)); });
    var negations = new Set((index.negations || []).map(key));
    var weights = new Map();
    Object.keys(index.weights).forEach(function (word) { weights.set(key(word), index.weights[word]); });
    var frequencies = new Map();
    index.entries.forEach(function (entry) {
      entry.words.forEach(function (word) { frequencies.set(key(word), (frequencies.get(key(word)) || 0) + 1); });
    });

    /** ConcernText.words: lower case, words of letters and digits, apostrophes dropped, stemmed, stop words out. */
    function words(text) {
      var result = [];
      var current = "";
      function flush() {
        if (current !== "") {
          var word = stem(current);
          if (!stopWords.has(key(current)) && !stopWords.has(key(word))) result.push(word);
          current = "";
        }
      }
      characters(lowercased(text)).forEach(function (character) {
        if (character === "'" || character === "\u2019") return;
        if (wordStart.test(character)) {
          current += character;
        } else {
          flush();
        }
      });
      flush();
      return result;
    }

    /** ConditionMatcher.corrected: a word not in the vocabulary becomes the one vocabulary word within one edit. */
    function corrected(list) {
      var corrections = new Map(); // each distinct word is looked up in the vocabulary once
      return list.map(function (word) {
        if (!corrections.has(word)) corrections.set(word, correction(word));
        return corrections.get(word);
      });
    }

    /** ConditionMatcher.correction: the vocabulary word one edit away from `word`, when there is exactly one. */
    function correction(word) {
      var length = characterCount(word);
      if (vocabularyKeys.has(key(word)) || awayWords.has(key(word)) || length < CORRECTED_LENGTH) return word;
      var candidate = null;
      for (var n = 0; n < vocabulary.length; n++) {
        var known = vocabulary[n];
        var knownLength = vocabularyLengths[n];
        if (knownLength < CORRECTED_LENGTH || Math.abs(knownLength - length) > 1) continue;
        if (withinOneEdit(word, known)) {
          if (candidate !== null) return word;
          candidate = known;
        }
      }
      return candidate === null ? word : candidate;
    }

    /** ConditionMatcher.containsRun, on canonical forms. */
    function containsRun(list, needle) {
      for (var start = 0; start + needle.length <= list.length; start++) {
        if (startsWith(list, start, needle)) return true;
      }
      return false;
    }

    var entries = index.entries.map(function (entry) {
      return {
        entry: entry,
        words: new Set(key2(entry.words)),
        strong: key2(entry.strongWords),
        telling: key2(entry.tellingWords),
        terms: entry.terms.map(function (term) {
          return { keys: key2(term.words), words: term.words, weight: term.weight, isName: term.isName };
        }),
      };
    });

    /** The best `limit` conditions for a concern, optionally within one body area: best score first, then name. */
    function matches(concern, area, limit) {
      var typed = words(concern).slice(0, MAXIMUM_WORDS);
      var fixed = corrected(typed).map(key);
      var slips = new Set();
      fixed.forEach(function (word, n) {
        if (word !== key(typed[n])) slips.add(n);
      });
      var read = rewrite(fixed, rewrites);
      var list = read.words;
      if (list.length === 0) return [];
      var present = new Set(list);
      var named = namedAreas(list, bodyParts);
      var away = awayPhrases(list);
      var results = [];
      entries.forEach(function (item) {
        var entry = item.entry;
        if (area && entry.area !== area) return;
        if (!away.every(function (phrase) { return phrase.every(function (w) { return item.words.has(w); }); })) return;
        var found = new Set();
        var groups = new Set();
        var ownGroups = new Set();
        list.forEach(function (word, n) {
          if (!item.words.has(word)) return;
          found.add(word);
          var group = read.groups[n];
          var unit = slips.has(group) ? " s" + group : named.parts.has(n) ? " p" + named.parts.get(n) : word;
          groups.add(unit);
          if (!named.parts.has(n)) ownGroups.add(unit);
        });
        var areaGroups = named.areas.get(entry.area);
        if (found.size === 0 && !areaGroups) return;
        if (areaGroups) areaGroups.forEach(function (start) { groups.add(" p" + start); });
        var score = 0;
        found.forEach(function (word) { score += weights.get(word) || 0; });
        if (areaGroups) score += index.areaWeights[entry.area] || 0;
        var longInOrder = false;
        var matched = [];
        item.terms.forEach(function (term) {
          if (!term.keys.every(function (w) { return present.has(w); })) return;
          if (containsRun(list, term.keys)) {
            if (term.keys.length > 1) longInOrder = true;
            if (term.keys.length > 1 || term.isName) score += term.weight;
          } else {
            score += Math.floor(term.weight / 2);
          }
          matched.push(term.words.join(" "));
        });
        var strong = false;
        var telling = false;
        list.forEach(function (word, n) {
          if (slips.has(read.groups[n]) || named.parts.has(n)) return;
          if (item.strong.indexOf(word) >= 0) strong = true;
          if (item.telling.indexOf(word) >= 0) telling = true;
        });
        var rare = false;
        found.forEach(function (word) {
          if ((frequencies.get(word) || 0) <= RARE_FREQUENCY && !isPart(word)) rare = true;
        });
        var enough = (groups.size >= 2 && ownGroups.size >= 1) || strong;
        var placed = !!areaGroups || longInOrder || strong || telling || ownGroups.size >= 3;
        var own = !entry.urgent || longInOrder || strong || telling || rare;
        if (!(enough && placed && own)) return;
        results.push({
          name: entry.name, slug: entry.slug, area: entry.area, summary: entry.summary,
          score: score, matchedTerms: matched,
        });
      });
      results.sort(function (a, b) {
        return b.score - a.score || compareNames(a.name, b.name);
      });
      return results.slice(0, limit === undefined ? 3 : limit);
    }

    /** ConditionMatcher.awayPhrases: the not-musculoskeletal phrases the read words hold, in order of position,
     * except a phrase right after a negation ("no fever") and the phrases within it. */
    function awayPhrases(list) {
      var found = [];
      var negatedTo = 0;
      list.forEach(function (word, n) {
        var here = (awayByFirst.get(word) || []).filter(function (phrase) { return startsWith(list, n, phrase); });
        if (n > 0 && negations.has(list[n - 1])) {
          var longest = 0;
          here.forEach(function (phrase) { longest = Math.max(longest, phrase.length); });
          negatedTo = Math.max(negatedTo, n + longest);
        }
        if (n >= negatedTo) here.forEach(function (phrase) { found.push(phrase); });
      });
      return found;
    }

    var partWords = new Set();
    bodyParts.forEach(function (part) { part.from.forEach(function (word) { partWords.add(word); }); });
    function isPart(word) {
      return partWords.has(word);
    }

    return { words: words, stem: stem, corrected: corrected, matches: matches };
  }

  var data = window.CAREPRESS_INDEX;
  if (!data || !data.matcher) return;
  var matcher = Matcher(data.matcher);
  var areaNames = {};
  data.areas.forEach(function (area) {
    areaNames[area.id] = area.name;
  });

  /** For scripts and tests: the same answer as `carepress match CONCERN [--area ID]`, with each page's link. */
  window.CarePressSearch = {
    words: matcher.words,
    stem: stem,
    characters: characters,
    lowercased: lowercased,
    key: key,
    match: function (concern, area, limit) {
      return matcher.matches(String(concern), area || null, limit).map(function (match) {
        match.page = data.pages[match.name];
        return match;
      });
    },
  };

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Shows the matches for a concern in the results region, which screen readers announce. */
  function show(results, concern, area) {
    var matches = window.CarePressSearch.match(concern, area);
    var fragment = document.createDocumentFragment();
    var where = area ? " in " + (areaNames[area] || area) : "";
    if (concern.trim() === "") {
      results.replaceChildren();
      return;
    }
    // The emergency screen (emergency.js) comes first: its advice shows above any result.
    var urgent = window.CarePressEmergency ? window.CarePressEmergency.callout(concern) : null;
    if (urgent) fragment.appendChild(urgent);
    if (matches.length === 0) {
      fragment.appendChild(
        element(
          "p",
          "results-status",
          "Nothing in the guide matches \u201c" + concern + "\u201d" + where +
            ". Try other words, choose all body areas, or browse by body area below.",
        ),
      );
      results.replaceChildren(fragment);
      return;
    }
    var count = matches.length === 1 ? "1 match" : matches.length + " matches";
    fragment.appendChild(
      element("p", "results-status", count + " for \u201c" + concern + "\u201d" + where + ", best first:"),
    );
    var list = element("ol", "results-list");
    matches.forEach(function (match) {
      var item = element("li", "result");
      var heading = element("h3", "result-title");
      var link = element("a", null, match.name);
      link.href = match.page;
      heading.appendChild(link);
      item.appendChild(heading);
      item.appendChild(element("p", "result-area", areaNames[match.area] || match.area));
      item.appendChild(element("p", "result-summary", match.summary));
      list.appendChild(item);
    });
    fragment.appendChild(list);
    fragment.appendChild(
      element(
        "p",
        "results-note",
        "A match is not a diagnosis. Read each page\u2019s warning signs before you start any exercises.",
      ),
    );
    results.replaceChildren(fragment);
  }

  function start() {
    var section = document.querySelector("[data-search]");
    if (!section) return;
    var form = section.querySelector("form");
    var input = section.querySelector("#search-concern");
    var select = section.querySelector("#search-area");
    var results = section.querySelector("#search-results");
    var pending = null;
    function search() {
      if (pending !== null) {
        clearTimeout(pending);
        pending = null;
      }
      show(results, input.value, select.value);
    }
    // After a tap or Enter on a small screen, bring the results into view if they start below it.
    function reveal() {
      if (results.firstChild && results.getBoundingClientRect().top > window.innerHeight - 48) {
        results.scrollIntoView({ block: "start" });
      }
    }
    section.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      search();
      reveal();
    });
    // Results follow typing after a short pause, so a screen reader is not told about every keystroke.
    input.addEventListener("input", function () {
      if (pending !== null) clearTimeout(pending);
      pending = setTimeout(search, 300);
    });
    select.addEventListener("change", search);
    section.querySelectorAll("button.chip").forEach(function (chip) {
      chip.addEventListener("click", function () {
        input.value = chip.getAttribute("data-concern") || chip.textContent;
        search();
        reveal();
      });
    });
    // A link such as guide/index.html?q=my+knee+hurts (from the app, or a bookmark) opens with its results.
    var query = new URLSearchParams(window.location.search);
    if (query.get("area") && areaNames[query.get("area")]) select.value = query.get("area");
    if (query.get("q")) {
      input.value = query.get("q");
      search();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
