import ArgumentParser

/// The checks of numeric options' values, with one wording. Their options take the next argument as their value even
/// when it starts with a dash (`parsing: .unconditional`), so that `-1` is refused as a value, not taken for an option.
enum OptionValue {
    /// `--jobs`: absent (the number of cores), or at least 1.
    static func checkJobs(_ jobs: Int?) throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }

    /// A number of seconds: positive, and at most `atMost` when given.
    static func checkSeconds(_ seconds: Double, option: String, atMost: Double? = nil) throws {
        guard seconds > 0, seconds.isFinite else {
            throw ValidationError("\(option) must be a positive number of seconds, not \(shown(seconds))")
        }
        if let atMost, seconds > atMost {
            throw ValidationError("\(option) must be at most \(shown(atMost)) seconds, not \(shown(seconds))")
        }
    }

    /// A number as it was most likely typed: `-1`, not `-1.0`.
    static func shown(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
