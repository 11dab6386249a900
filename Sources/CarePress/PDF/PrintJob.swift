/// One report to print: its HTML file, and what its PDF's header and footer say.
public struct PrintJob: Sendable, Hashable {
    /// The absolute path of the report's HTML file, inside the folder the engine may load files from.
    public var htmlPath: String
    /// The report's title, in the footer of every page.
    public var title: String
    /// The report's reference (the record id), in the footer of every page.
    public var reference: String
    /// The site's title, in the header of every page.
    public var siteTitle: String
    /// The paper to print on.
    public var paper: Paper

    /// Describes a report to print.
    public init(htmlPath: String, title: String, reference: String, siteTitle: String, paper: Paper) {
        self.htmlPath = htmlPath
        self.title = title
        self.reference = reference
        self.siteTitle = siteTitle
        self.paper = paper
    }
}
