import CarePress
import Foundation

extension BuildReport {
    /// How long the build's stages took, in one line (`serve --timings`): "stages: scan 0.052s (settings, knowledge,
    /// theme, lock, manifest, record list), records 0.110s, shared pages 0.240s, total 0.402s".
    public var stagesLine: String {
        func seconds(_ value: Double) -> String { String(format: "%.3fs", max(0, value)) }
        let shared = max(0, timings.total - timings.scan - timings.records)
        return "stages: scan \(seconds(timings.scan)) (settings, knowledge, theme, lock, manifest, record list), "
            + "records \(seconds(timings.records)), shared pages \(seconds(shared)), total \(seconds(timings.total))"
    }
}
