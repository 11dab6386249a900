import FuzzSupport

@testable import CarePress

/// Fuzz target: the condition matcher over the sample knowledge store. Results are scored, ranked and limited as
/// documented; they equal those of a plain reference implementation of the same rules; within a body area they are
/// the unrestricted results of that area.
func fuzzMatcher(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let concern = String(decoding: Fuzzing.bytes(data, size), as: UTF8.self)
    let matcher = ReferenceMatcher.matcher
    let all = matcher.matches(for: concern, limit: Int.max)
    let top = matcher.matches(for: concern)
    Invariant.require(top == Array(all.prefix(3)), "the top three are not the first three of all results")
    for (a, b) in zip(all, all.dropFirst()) {
        Invariant.require(a.score > b.score || (a.score == b.score && a.name < b.name), "\(a) ranks before \(b)")
    }
    let expected = ReferenceMatcher.matches(for: concern)
    Invariant.require(
        all == expected, "\(concern.debugDescription) matched \(all), the reference matched \(expected)")
    // One body area, picked by the input, so each run stays cheap.
    let areas = ReferenceMatcher.areas
    let area = areas[size % areas.count]
    let within = matcher.matches(for: concern, area: area, limit: Int.max)
    Invariant.require(within == all.filter { $0.area == area }, "the results in area \(area) differ")
    return 0
}
