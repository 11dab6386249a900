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
            Formats by kind: consult, physio and stack: markdown, html, json, fhir (a FHIR R4 Bundle), pdf; \
            schema: json, fhir-questionnaire. A PDF is printed by headless Chromium (found on PATH, or named by \
            CAREPRESS_CHROMIUM) and is never written to a terminal: use -o FILE.pdf or redirect standard output. \
            The fhir Bundle carries the report's HTML; --with-pdf adds its PDF (so needs Chromium), \
            --fhir-document makes it a FHIR document. \
            Exit status: 0 written (warnings on stderr); 1 the input has errors (nothing is written); 2 usage \
            errors, or no Chromium for a PDF.
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

    @Option(
        help: ArgumentHelp(
            "A theme folder that overrides the project's Templates/ and the built-in theme, file by file (for markdown, html and pdf).",
            valueName: "dir"))
    var templates: String?

    @Option(
        name: .customLong("pdf-timeout"), parsing: .unconditional,
        help: ArgumentHelp("The longest a PDF may take to print, in seconds.", valueName: "seconds"))
    var pdfTimeout = PDFEngine.defaultPageTimeout

    @Flag(
        name: .customLong("fhir-document"),
        help: "For fhir: a Bundle of type document, a Composition first (the record needs its date).")
    var fhirDocument = false

    @Flag(
        name: .customLong("with-pdf"),
        help: "For fhir: the report's PDF too, as a second attachment, printed as --format pdf prints it.")
    var withPDF = false

    func validate() throws {
        try OptionValue.checkSeconds(pdfTimeout, option: "--pdf-timeout")
        if format == .pdf && output == nil && Terminal.standardOutputIsTerminal {
            throw ValidationError(
                "refusing to write a PDF to a terminal: pass -o FILE.pdf, or redirect standard output to a file")
        }
    }

    func run() throws {
        let source: ExportInput =
            input == "-" ? .standardInputStream : .file(input)
        let options = ExportOptions(
            format: format, kind: kind, contentPath: contentOptions.content, templatesPath: templates,
            pdfTimeout: pdfTimeout, fhirDocument: fhirDocument, withPDF: withPDF)
        let result: ExportResult
        do {
            result = try Exporter.export(source, options: options)
        } catch {
            if case .missingProgram(let hint) = error.cause {
                Terminal.error("error: \(error.message)\n    hint: \(hint)")
                throw ExitCode(2)
            }
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
