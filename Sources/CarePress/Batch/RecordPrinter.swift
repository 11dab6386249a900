/// How a build's records get their PDFs: not at all, by a running engine, or not now because there is no Chromium
/// (their entries then keep no digest, so the next build with a Chromium prints them).
enum RecordPrinter: Sendable {
    /// PDFs were not asked for.
    case none
    /// PDFs were asked for and there is a Chromium (started by the first PDF); the site gives the header, paper and
    /// footer wording.
    case engine(OnDemandPDFEngine, Site)
    /// PDFs were asked for and cannot be made.
    case unavailable
}
