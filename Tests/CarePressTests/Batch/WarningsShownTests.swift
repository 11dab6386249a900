import Testing

@testable import CarePress

/// `carepress serve` prints a warning once while it lasts, and every error after every build.
@Suite("Warnings shown")
struct WarningsShownTests {
    static let old = Diagnostic(.warning, file: "Content/consults/a.json", position: .start, message: "old warning")
    static let new = Diagnostic(.warning, file: "Content/consults/b.json", position: .start, message: "new warning")
    static let error = Diagnostic(.error, file: "Content/consults/c.json", position: .start, message: "an error")

    @Test func aWarningIsPrintedOnceWhileItLastsAndErrorsEveryTime() {
        let shown = WarningsShown()
        let first = shown.unseen(in: [Self.old, Self.error])
        #expect(first.print == [Self.old, Self.error])
        #expect(first.repeated == 0)
        let second = shown.unseen(in: [Self.old, Self.new, Self.error])
        #expect(second.print == [Self.new, Self.error], "the old warning was printed after the last build")
        #expect(second.repeated == 1)
        // Gone for one build, then back: new again.
        #expect(shown.unseen(in: [Self.new]).print.isEmpty)
        #expect(shown.unseen(in: [Self.old, Self.new]).print == [Self.old])
    }

    @Test func aWarningThatMovesIsNew() {
        let shown = WarningsShown()
        _ = shown.unseen(in: [Self.old])
        var moved = Self.old
        moved.position = SourcePosition(line: 3, column: 1)
        #expect(shown.unseen(in: [moved]).print == [moved])
    }
}
