import Foundation

@testable import CarePress

/// The build manifest of an output folder as text rows, for comparing two builds' manifests (the database files
/// themselves differ in layout).
enum ManifestDump {
    /// One line per record row, in path order: every column but the checksum, blobs in hexadecimal.
    static func rows(_ outputFolder: String, shard: Shard = .all) throws -> [String] {
        let connection = try SQLiteConnection(
            path: outputFolder + "/" + BuildManifest.path(for: shard), create: false)
        let rows = try connection.prepare(
            "SELECT path, file, id, digest, dependencies, standard_outputs, outputs, summary, diagnostics "
                + "FROM records ORDER BY path")
        var lines: [String] = []
        while try rows.step() {
            lines.append(
                rows.columns(9).map { column in
                    switch column {
                    case .null: "null"
                    case .integer(let value): String(value)
                    case .bytes(let bytes): bytes.map { String($0, radix: 16) }.joined()
                    }
                }.joined(separator: " "))
        }
        return lines
    }
}
