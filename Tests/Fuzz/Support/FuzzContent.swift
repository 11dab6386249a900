import CarePress
import Foundation

/// The repository's sample project and default theme, loaded once per fuzz process.
public enum FuzzContent {
    /// The repository folder, found from this source file (`Tests/Fuzz/Support/`).
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The sample project `Content/`, which records are checked against; it must load without errors.
    public static let project: SiteProject = {
        let project = SiteProject.load(from: repository + "/Content")
        Invariant.require(
            !project.diagnostics.contains { $0.severity == .error } && !project.schemas.isEmpty
                && !project.knowledge.conditions.isEmpty,
            "the sample Content/ does not load cleanly: \(project.diagnostics)")
        return project
    }()

    /// The default theme `Templates/`.
    public static let templates: TemplateSet = {
        switch TemplateSet.load(from: repository + "/Templates") {
        case .success(let templates): return templates
        case .failure(let errors): Invariant.fail("the default Templates/ do not load: \(errors.diagnostics)")
        }
    }()
}
