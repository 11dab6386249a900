/// The settings of a site project, from `Content/site.yml`.
public struct Site: Sendable, Hashable {
    /// The site's title, shown in every page header.
    public var title: String
    /// One sentence on what the site is.
    public var description: String?
    /// The BCP 47 language tag for `<html lang>`.
    public var language: String
    /// The disclaimer shown on every guide page and every report.
    public var disclaimer: String
    /// The absolute URL the site is published at, if any (for the sitemap and canonical links).
    public var baseURL: String?
    /// Example concerns shown as one-tap chips next to the guide's search box.
    public var starterPrompts: [String]
    /// The paper reports' PDFs are printed on (`paper: a4 | letter`; A4 when not given).
    public var paper: Paper
    /// Who may read the output folder (`outputAccess: private | group`; private when not given).
    public var outputAccess: OutputAccess
    /// The clinic that gives patients their reports: how to reach it, its time zone and currency. Nil for a
    /// project that does not name one (a warning says so), whose reports tell the patient to contact "the clinic
    /// that gave you this report".
    public var clinic: Clinic?
    /// The canonical base of the FHIR export's identifier systems and URLs (`fhir: { base: URL }`); nil keeps
    /// the default `urn:carepress:` names.
    public var fhirBase: String?

    /// Creates site settings.
    public init(
        title: String, description: String? = nil, language: String, disclaimer: String, baseURL: String? = nil,
        starterPrompts: [String] = [], paper: Paper = .a4, outputAccess: OutputAccess = .private,
        clinic: Clinic? = nil, fhirBase: String? = nil
    ) {
        self.title = title
        self.description = description
        self.language = language
        self.disclaimer = disclaimer
        self.baseURL = baseURL
        self.starterPrompts = starterPrompts
        self.paper = paper
        self.outputAccess = outputAccess
        self.clinic = clinic
        self.fhirBase = fhirBase
    }
}
