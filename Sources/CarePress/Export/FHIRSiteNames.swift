import Foundation

/// The FHIR names of a content folder's site settings, for exports that do not otherwise read the project.
enum FHIRSiteNames {
    /// The names under `site.yml`'s `fhir.base`; the defaults when the folder has no `site.yml` (a questionnaire
    /// exports on its own, outside any project); nil and the errors when `site.yml` has errors.
    static func names(_ contentPath: String) -> (names: FHIRNames?, errors: [Diagnostic]) {
        let path = contentPath.appendingPathComponent("site.yml")
        var info = stat()
        guard stat(path, &info) == 0 else { return (FHIRNames(), []) }
        let log = DiagnosticLog(file: path)
        let site = SourceFile.yaml(path, limit: .siteSettings, log: log).flatMap { Site.read($0, NodeReader(log: log)) }
        guard let site else { return (nil, log.diagnostics.filter { $0.severity == .error }.sorted()) }
        return (FHIRNames(base: site.fhirBase), [])
    }
}
