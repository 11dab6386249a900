import ArgumentParser
import CarePress
import Foundation

/// `carepress theme export`: the built-in theme written out, to start customising from.
struct ThemeExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the built-in theme into a folder, keeping every file that is already there.")

    @Argument(help: ArgumentHelp("The folder to write the theme into.", valueName: "dir"))
    var folder = "Templates"

    func run() throws {
        let outcome: NewFileWriter.Outcome
        do {
            outcome = try ThemeSource.exportEmbedded(to: folder)
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode(1)
        }
        for path in outcome.kept {
            Terminal.error(
                "\((folder as NSString).appendingPathComponent(path)): kept (already there; not overwritten)")
        }
        try Terminal.outputLine(
            "Wrote \(outcome.created.count) theme files to \(folder)"
                + (outcome.kept.isEmpty ? "." : "; kept \(outcome.kept.count) that were already there."))
        if !outcome.created.isEmpty {
            try Terminal.outputLine(
                "Delete the files you do not change: the built-in theme then keeps providing them, updated.")
        }
    }
}
