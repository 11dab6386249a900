/// The largest file of each kind the build reads (formats/README.md, "Limits"). A file over its limit is refused from
/// its size, before a byte of it is read, with an error at `FILE:1:1`; standard input is read no further than one byte
/// past the limit.
public struct FileSizeLimit: Sendable, Equatable {
    /// The most bytes a file of this kind may hold.
    public let bytes: Int
    /// What a file of this kind is, in messages: "record", "page".
    public let noun: String

    /// A record (consult, physio record, stack): `RecordLimits.maximumSize`, 1 MiB.
    public static let record = FileSizeLimit(bytes: RecordLimits.maximumSize, noun: "record")
    /// A knowledge file (`knowledge/*.yml`, `knowledge/conditions/*.yml`, ...), 1 MiB: a condition or an exercise
    /// is a page of the guide, and a list of body areas or phases is a few kilobytes.
    public static let knowledge = FileSizeLimit(bytes: 1 << 20, noun: "knowledge file")
    /// `site.yml`, 1 MiB: it holds a title, a language and a few settings.
    public static let siteSettings = FileSizeLimit(bytes: 1 << 20, noun: "site settings file")
    /// A guide page (`pages/*.md`), 1 MiB: the authors' Markdown, rendered as a record's text is (see `RecordLimits`).
    public static let page = FileSizeLimit(bytes: 1 << 20, noun: "page")
    /// A questionnaire (`schemas/*.json`), 16 MiB: room for the 20,000 questions a questionnaire may have
    /// (`ConsultSchema.maximumQuestions`) at 800 bytes each.
    public static let schema = FileSizeLimit(bytes: 16 << 20, noun: "questionnaire")
    /// A document given to `carepress export` before its kind is known: the largest of the limits above; a record
    /// is held to its own limit once its kind is known.
    public static let exportInput = FileSizeLimit(bytes: schema.bytes, noun: "document to export")

    /// The largest of every limit: a file of the content folder that no loader reads (a note, an image) is digested
    /// by the build up to this size, and by its metadata past it.
    public static let largest = schema.bytes

    /// The limit in words: "1048576 bytes (1 MiB)".
    var inWords: String {
        let mebibytes = bytes >> 20
        return mebibytes << 20 == bytes ? "\(bytes) bytes (\(mebibytes) MiB)" : "\(bytes) bytes"
    }

    /// The error for a file over the limit: its size when known (a file), or nil for a stream that went on past it.
    func error(size: Int?) -> SyntaxError {
        let actual = size.map { "is \($0) bytes" } ?? "is more than \(bytes) bytes"
        let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return SyntaxError(
            at: .start, "the \(noun) \(actual); \(article) \(noun) may be at most \(inWords)",
            hint: "\(noun == "record" ? "records" : "files") this large are not read; see formats/README.md, Limits")
    }
}
