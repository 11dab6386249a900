/// One report to print: its HTML file, and what its PDF's header and footer say.
public struct PrintJob: Sendable, Hashable {
    /// The absolute path of the report's HTML file, inside the folder the engine may load files from.
    public var htmlPath: String
    /// The report's title, in the footer of every page.
    public var title: String
    /// The report's reference (the record id), in the footer of every page.
    public var reference: String
    /// The header of every page: who the report is from and what kind it is, e.g. "Northbridge Example Clinic ·
    /// Supplement plan".
    public var heading: String
    /// The paper to print on.
    public var paper: Paper

    /// Describes a report to print.
    public init(htmlPath: String, title: String, reference: String, heading: String, paper: Paper) {
        self.htmlPath = htmlPath
        self.title = title
        self.reference = reference
        self.heading = heading
        self.paper = paper
    }
}
