import CarePress
@_exported import CarePressTestSupport
import Foundation

/// What the library's tests add to `TemporaryProject` (CarePressTestSupport): a minimal valid project, and build
/// options with the repository's default theme.
extension TemporaryProject {
    /// A project with a valid minimal knowledge store, site settings and the example questionnaire.
    static func minimal() throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Content/site.yml", Samples.site)
        try project.write("Content/knowledge/body-areas.yml", Samples.bodyAreas)
        try project.write("Content/knowledge/phases.yml", Samples.phases)
        try project.write("Content/knowledge/emergency-signs.yml", Samples.emergencySigns)
        for (name, text) in Samples.exercises { try project.write("Content/knowledge/exercises/\(name).yml", text) }
        try project.write("Content/knowledge/conditions/patellofemoral-pain-syndrome.yml", Samples.condition)
        try project.write("Content/schemas/hair-loss.json", Samples.hairLossSchema)
        return project
    }

    /// The default theme of the repository.
    static var defaultTemplates: String { repository.appendingPathComponent("Templates").path }

    /// Build options for this project, with the repository's default theme.
    func buildOptions(output: String = "Output") -> BuildOptions {
        BuildOptions(contentPath: path("Content"), templatesPath: Self.defaultTemplates, outputPath: path(output))
    }
}
