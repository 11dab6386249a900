/// The triage index: every report, what needs attention first (most urgent first, across kinds), then the others,
/// newest first; `pageSize` to a page, with a filter over every report (see `ReportsIndexData`).
///
/// A page is composed by `reports/index.html.mustache` from Markdown parts, each rendered by libcmark in safe mode:
/// the heading and the count line (`reports/index.md`) and one list of entries per section
/// (`reports/index-entries.md`); the page links, above and below the list, are its partial `reports/index-pages.html`.
/// The sections are the attention levels (urgent, for review, follow up) and the other reports; a section appears on
/// the pages that list its reports.
enum ReportsIndex {
    /// The heading and count line's Markdown template.
    static let template = "reports/index.md"
    /// The records that failed, listed first.
    static let failuresTemplate = "reports/index-failures.md"
    /// One section's list of entries.
    static let entriesTemplate = "reports/index-entries.md"
    /// The page links, a partial of the page.
    static let pagesTemplate = "reports/index-pages.html"
    /// The HTML template that composes a page: count line, filter, sections, page links.
    static let htmlTemplate = "reports/index.html"
    /// Every template the index renders.
    static let templates = [template, failuresTemplate, entriesTemplate, pagesTemplate, htmlTemplate]
    /// The index's first page in the output folder.
    static let path = "reports/index.html"
    /// Reports per page: a page a clinician can scroll through, on a phone too (an entry is about 130 px tall at
    /// 1,280 px wide, 220 px at 390 px); the filter searches every page.
    static let pageSize = 100

    /// The path of a page of the index, from 1: `reports/index.html`, `reports/index-2.html`, ...
    static func path(page: Int) -> String {
        page == 1 ? path : "reports/index-\(page).html"
    }

    /// How many pages the index of `reportCount` reports has: at least one, which says there is none.
    static func pageCount(reports reportCount: Int, pageSize: Int = pageSize) -> Int {
        max(1, (reportCount + pageSize - 1) / pageSize)
    }

    /// The reports in index order: those that need attention, most urgent first and then newest first; then the
    /// others, newest first (see `ReportsIndexListing.Key`).
    static func ordered(_ summaries: [ReportSummary]) -> [ReportSummary] {
        ReportsIndexListing(.init(summaries), jobs: 1).order.map { summaries[Int($0)] }
    }

    /// The count line, e.g. "12 reports need attention (3 urgent)."
    static func countLine(_ summaries: [ReportSummary]) -> String {
        countLine(counts: Dictionary(grouping: summaries, by: \.attention.level).mapValues(\.count))
    }

    /// The count line of reports counted by attention level, after the records that failed (listed first).
    static func countLine(counts: [Attention.Level: Int], failed: Int = 0) -> String {
        let needing = counts.reduce(0) { $0 + ($1.key != .routine ? $1.value : 0) }
        let urgent = counts[.urgent] ?? 0
        let attention =
            needing == 0
            ? "no report needs attention."
            : "\(reportCount(needing)) \(needing == 1 ? "needs" : "need") attention ("
                + (urgent == 0 ? "none urgent" : "\(grouped(urgent)) urgent") + ")."
        guard failed > 0 else { return attention.prefix(1).uppercased() + attention.dropFirst() }
        return "\(grouped(failed)) \(failed == 1 ? "record" : "records") failed and \(failed == 1 ? "is" : "are") "
            + "listed first; " + attention
    }

    /// A whole number with a comma between thousands: 1,102.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// "1 report", "1,102 reports".
    static func reportCount(_ count: Int) -> String {
        "\(grouped(count)) \(count == 1 ? "report" : "reports")"
    }

    /// Every page of the index, in order; one page (with no page links) when the reports fit on it.
    ///
    /// Pages are independent once the reports are sorted, so they are rendered on `jobs` threads. With `earlier`
    /// (a session's pages, and the digest of the shared inputs the pages are rendered with), a page whose inputs are
    /// those of a page kept there is not rendered again.
    static func render(
        _ summaries: [ReportSummary], failures: [FailedRecord] = [], with pages: PageRenderer,
        pageSize: Int = pageSize, jobs: Int = BuildOptions.defaultJobs,
        reusing earlier: (RenderedIndexPages, inputs: ContentDigest)? = nil
    ) throws(TemplateErrors) -> [OutputFile] {
        var files: [OutputFile] = []
        try renderPages(
            ReportsIndexListing(.init(summaries), jobs: jobs), failures: failures, with: pages, pageSize: pageSize,
            jobs: jobs, reusing: earlier
        ) { files.append($0.file) }
        return files
    }

    /// A page of the index as `renderPages` hands it on.
    struct RenderedPage {
        /// The page.
        var file: OutputFile
        /// Its number, from 1.
        var number: Int
        /// Whether it was taken from the session's pages rather than rendered.
        var reused: Bool
        /// The positions in index order of the reports it lists.
        var range: Range<Int>
        /// The reports it lists, in index order, when they were decoded to render it (see `items(from:)`).
        var decoded: [ReportSummary]?
        /// The digests of their stored summaries, in index order, when the listing's source knows them.
        var digests: [ContentDigest]?
        /// What `renderPages`' link check found in the page (for a page used again, what it found when the page was
        /// checked); empty without a link check.
        var brokenLinks: [Diagnostic] = []

        /// The reports it lists, in index order: those decoded to render it, or decoded now from the listing.
        func items(from listing: ReportsIndexListing) -> [ReportSummary] {
            decoded ?? listing.source.summaries(at: listing.order[range])
        }
    }

    /// Renders the pages of a listing, handing each to `emit` in page order on the caller's thread. Stops at the
    /// first page that fails, after handing on those before it.
    ///
    /// With several `jobs`, the pages are rendered (and link-checked, with `checkLinks`) on `jobs` threads while the
    /// caller hands on the ones before them (see `OrderedWork`): at most `jobs + 1` pages (and their summaries,
    /// decoded for them) are made ahead of the one handed on, so memory does not grow with the number of reports,
    /// and the workers do not wait for the caller to write a page before they render the next.
    ///
    /// With `earlier`, a page is looked up there by the digests of its summaries when the listing's source knows them
    /// (a session's build), so a page used again is not even decoded, nor checked again.
    static func renderPages(
        _ listing: ReportsIndexListing, failures: [FailedRecord] = [], with pages: PageRenderer,
        pageSize: Int = pageSize,
        jobs: Int = BuildOptions.defaultJobs, reusing earlier: (RenderedIndexPages, inputs: ContentDigest)? = nil,
        checkLinks: (@Sendable (OutputFile) -> [Diagnostic])? = nil, emit: (RenderedPage) -> Void
    ) throws(TemplateErrors) {
        let counts = listing.counts
        let (countLine, total) = (Self.countLine(counts: counts, failed: failures.count), listing.total)
        let pageCount = pageCount(reports: listing.count, pageSize: pageSize)
        defer { earlier?.0.keepOnly(pageCount: pageCount) }
        @Sendable func make(_ index: Int) -> Result<RenderedPage, TemplateErrors> {
            let page = index + 1
            let start = min(index * pageSize, listing.count)
            let range = start..<min(page * pageSize, listing.count)
            let digests = listing.source.digests(at: listing.order[range])
            var decoded: [ReportSummary]? = nil
            func items() -> [ReportSummary] {
                if let decoded { return decoded }
                let items = listing.source.summaries(at: listing.order[range])
                decoded = items
                return items
            }
            let previousLevel = start > 0 ? listing.levels[start - 1] : nil
            let key = earlier.map {
                RenderedIndexPages.Key(
                    inputs: $0.inputs, page: page, pageCount: pageCount, countLine: countLine, total: total,
                    counts: counts, previousLevel: previousLevel,
                    items: digests.map { .digests($0) } ?? .summaries(items()))
            }
            func made(_ file: OutputFile, reused: Bool, brokenLinks: [Diagnostic]) -> RenderedPage {
                RenderedPage(
                    file: file, number: page, reused: reused, range: range, decoded: decoded, digests: digests,
                    brokenLinks: brokenLinks)
            }
            // A page used again shows the same links, to the same files, as when it was checked.
            func checked(_ file: OutputFile, reused: Bool) -> RenderedPage {
                guard let checkLinks else { return made(file, reused: reused, brokenLinks: []) }
                if reused, let links = earlier?.0.links(page: page) {
                    return made(file, reused: reused, brokenLinks: links)
                }
                let broken = checkLinks(file)
                earlier?.0.keepLinks(broken, page: page)
                return made(file, reused: reused, brokenLinks: broken)
            }
            if let earlier, let key, let file = earlier.0.file(for: key) {
                return .success(checked(file, reused: true))
            }
            let result = Result { () throws(TemplateErrors) in
                try render(
                    page: page, of: pageCount, items: items()[...], failures: page == 1 ? failures : [],
                    startsAfter: previousLevel, counts: counts, header: (countLine, total), with: pages)
            }
            if let earlier, let key, case .success(let file) = result { earlier.0.keep(file, for: key) }
            return result.map { checked($0, reused: false) }
        }
        try OrderedWork.run(count: pageCount, jobs: jobs, window: jobs + 1, make: make, handOn: emit)
    }

    /// A section of the index: one attention level, or the reports that need none.
    private static func section(_ level: Attention.Level) -> (id: String, title: String) {
        switch level {
        case .urgent: ("urgent", "Urgent")
        case .review: ("for-review", "For review")
        case .followUp: ("follow-up", "Follow up")
        case .routine: ("other-reports", "Other reports")
        }
    }

    private static func render(
        page number: Int, of pageCount: Int, items: ArraySlice<ReportSummary>, failures: [FailedRecord],
        startsAfter previous: Attention.Level?,
        counts: [Attention.Level: Int], header: (countLine: String, total: String), with pages: PageRenderer
    ) throws(TemplateErrors) -> OutputFile {
        let here = path(page: number)
        let title = number == 1 ? "Reports" : "Reports, page \(number) of \(pageCount)"
        let page = PageRenderer.Page(
            path: here, title: title, breadcrumbs: [.init("Home", "index.html"), .init("Reports")],
            kind: "reports-index", footerDisclaimer: false)
        var model = ReportsIndexPage(
            title: title, countLine: header.countLine, total: header.total,
            dataSource: RelativeLink.to(ReportsIndexData.path, from: here),
            scriptSource: RelativeLink.to(ReportsIndexData.script, from: here),
            kinds: RecordKind.allCases.map { ReportsIndexPage.Kind(value: $0.rawValue, title: $0.title) })
        if !failures.isEmpty {
            model.failureCount = grouped(failures.count)
            model.failuresHTML = try pages.fragmentUTF8(
                failuresTemplate,
                ReportsIndexFailure.List(failures: failures.map { ReportsIndexFailure($0, from: here) }),
                page: page)
        }
        for level in Attention.Level.allCases {
            let reports = items.filter { $0.attention.level == level }
            guard !reports.isEmpty else { continue }
            let (id, name) = section(level)
            let entries = ReportsIndexEntry.Section(reports: reports.map { ReportsIndexEntry($0, from: here) })
            model.sections.append(
                ReportsIndexPage.Section(
                    id: id, title: name, level: level.rawValue, urgent: level == .urgent,
                    needsAttention: level != .routine, count: reportCount(counts[level] ?? 0),
                    continued: previous == level && reports.first == items.first,
                    entriesHTML: try pages.fragmentUTF8(entriesTemplate, entries, page: page)))
        }
        if pageCount > 1 { model.pagination = ReportsIndexPage.Links(page: number, of: pageCount, from: here) }
        model.introHTML = try pages.fragmentUTF8(template, model, page: page)
        // From bytes to bytes: a page of a thousand entries is half a megabyte, not worth making a `String` of.
        return OutputFile(
            path: here, bytes: try pages.html(content: try pages.templates.renderUTF8(htmlTemplate, model), page: page))
    }

    /// A kind of record in words, for one entry: "Consult", "Physio recommendation", "Supplement stack".
    static func kindName(_ kind: RecordKind) -> String {
        switch kind {
        case .consult: "Consult"
        case .physio: "Physio recommendation"
        case .stack: "Supplement stack"
        }
    }
}
