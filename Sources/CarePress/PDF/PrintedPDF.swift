/// A report's PDF, with what happened while it was printed.
public struct PrintedPDF: Sendable {
    /// The PDF's bytes, normalised so that the same page gives the same bytes (see `PDFNormalizer`).
    public var bytes: [UInt8]
    /// The URLs the page asked for that were blocked (anything but files of the output folder).
    public var blockedRequests: [String]
    /// Whether the page's fonts were still loading when the wait for them ran out (it was printed all the same).
    public var fontsTimedOut: Bool
}
