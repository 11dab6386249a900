import ArgumentParser
import CarePress
import Foundation

extension ExportFormat: ExpressibleByArgument {}
extension ExportKind: ExpressibleByArgument {}

/// `carepress export`: one record or consult schema to one document, on standard output or in a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export one consult, physio record, stack or consult schema as one document.",
        discussion: """
            The input is checked exactly as `carepress build` checks it, against the content folder's \
            questionnaires and knowledge store; its kind is detected from its keys unless --kind is given. \
            Formats by kind: consult: markdown, html, json, fhir; physio and stack: markdown, html, json; \
            schema: json, fhir-questionnaire. Exit status: 0 written (warnings on stderr); 1 the input has errors \
            (nothing is written); 2 usage errors.
            """)

    @Argument(help: ArgumentHelp("The file to export, or - to read standard input.", valueName: "file"))
    var input: String

    @Option(help: ArgumentHelp("The document format.", valueName: "format"))
    var format: ExportFormat = .json

    @Option(help: ArgumentHelp("The kind of the input (detected from its keys when omitted).", valueName: "kind"))
    var kind: ExportKind?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the document to this file, atomically, instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var contentOptions: ContentOptions

    @Option(help: ArgumentHelp("The theme folder, for markdown and html.", valueName: "dir"))
    var templates = "Templates"

    func run() throws {
        let source: ExportInput =
            input == "-" ? .standardInput([UInt8](FileHandle.standardInput.readDataToEndOfFile())) : .file(input)
        let options = ExportOptions(
            format: format, kind: kind, contentPath: contentOptions.content, templatesPath: templates)
        let result: ExportResult
        do {
            result = try Exporter.export(source, options: options)
        } catch {
            // Printed here rather than thrown to the root command, so the usage shown is export's own.
            Terminal.error(
                "Error: \(error.message)\nUsage: \(CarePressCommand.usageString(for: ExportCommand.self))\n"
                    + "  See 'carepress export --help' for more information.")
            throw ExitCode(2)
        }
        Terminal.report(result.diagnostics)
        guard let document = result.document else { throw ExitCode(1) }
        guard let output else {
            try Terminal.output(document)
            return
        }
        do {
            try Exporter.write(document, toFile: output)
        } catch {
            Terminal.error("\(output): error: \(error.reason)")
            throw ExitCode(1)
        }
    }
}
