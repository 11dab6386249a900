import CarePress
import Foundation

/// A single progress line on standard error, redrawn at most ten times a second:
/// `Rendering 4,210/10,000 records · 1,830/s · ETA 3s`.
final class ProgressLine: Sendable {
    /// When the line was last drawn, and whether it is on the screen now.
    private struct State {
        var lastDraw = Date.distantPast
        var drawn = false
    }

    private let noun: String
    private let start = Date()
    private let state = Mutex(State())

    init(noun: String) {
        self.noun = noun
    }

    /// Records that `done` of `total` are finished; safe to call from any thread.
    func update(done: Int, total: Int) {
        state.withLock { state in draw(done: done, total: total, state: &state) }
    }

    private func draw(done: Int, total: Int, state: inout State) {
        let now = Date()
        guard done == total || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return }
        state.lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        var line = "Rendering \(Self.grouped(done))/\(Self.grouped(total)) \(noun) · \(Self.grouped(Int(rate)))/s"
        if rate > 0 && done < total {
            line += " · ETA \(Self.duration(Double(total - done) / rate))"
        }
        Terminal.errorText("\r\u{1B}[K" + line)
        state.drawn = true
    }

    /// Erases the line, so the summary starts on a clean line.
    func clear() {
        state.withLock { state in
            if state.drawn { Terminal.errorText("\r\u{1B}[K") }
            state.drawn = false
        }
    }

    /// `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// `3s`, `2m05s`, `1h02m`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total)s" }
        if total < 3600 { return "\(total / 60)m\(String(format: "%02d", total % 60))s" }
        return "\(total / 3600)h\(String(format: "%02d", total % 3600 / 60))m"
    }
}
