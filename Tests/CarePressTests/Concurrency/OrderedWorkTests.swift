import Dispatch
import Testing

@testable import CarePress

/// Items made on workers and handed on in order on the caller's thread (the reports index's pages).
@Suite("Ordered work", .timeLimit(.minutes(1)))
struct OrderedWorkTests {
    struct Failed: Error, Equatable {
        var index: Int
    }

    /// Counts, under a lock, what the workers started and what the caller was handed.
    final class Tally: Sendable {
        private let state = Mutex((started: [Int](), handedOn: 0, mostAhead: 0))

        func start(_ index: Int) {
            state.withLock { state in
                state.started.append(index)
                state.mostAhead = max(state.mostAhead, state.started.count - state.handedOn)
            }
        }

        func handedOn() { state.withLock { $0.handedOn += 1 } }
        var started: [Int] { state.withLock { $0.started } }
        var mostAhead: Int { state.withLock { $0.mostAhead } }
    }

    @Test(arguments: [1, 2, 4])
    func everyItemIsHandedOnOnceInOrderAndAtMostAWindowAhead(jobs: Int) throws {
        for count in [0, 1, 2, 3, 50] {
            let tally = Tally()
            var handed: [String] = []
            try OrderedWork.run(count: count, jobs: jobs, window: jobs + 1) { (index: Int) -> Result<String, Failed> in
                tally.start(index)
                return .success("item \(index)")
            } handOn: { item in
                tally.handedOn()
                handed.append(item)
            }
            #expect(handed == (0..<count).map { "item \($0)" })
            #expect(tally.started.sorted() == Array(0..<count))
            // The window, and the item in the caller's hands.
            #expect(tally.mostAhead <= jobs + 2, "\(count) items on \(jobs) jobs")
        }
    }

    /// The workers go on making the next items while the caller hands one on: the caller's work (writing a page)
    /// overlaps theirs rather than following it.
    @Test func laterItemsAreMadeWhileTheCallerHandsOneOn() throws {
        let thirdMade = DispatchSemaphore(value: 0)
        var madeMeanwhile = false
        try OrderedWork.run(count: 6, jobs: 2, window: 3) { (index: Int) -> Result<Int, Failed> in
            if index == 2 { thirdMade.signal() }
            return .success(index)
        } handOn: { index in
            // Without overlap, the third item would not be started until the first two were handed on.
            if index == 0 { madeMeanwhile = thirdMade.wait(timeout: .now() + 30) == .success }
        }
        #expect(madeMeanwhile)
    }

    @Test(arguments: [1, 2, 3])
    func theFirstFailureStopsTheWorkAfterTheItemsBeforeItAreHandedOn(jobs: Int) {
        let tally = Tally()
        var handed: [Int] = []
        #expect(throws: Failed(index: 7)) {
            try OrderedWork.run(count: 40, jobs: jobs, window: jobs + 1) { (index: Int) -> Result<Int, Failed> in
                tally.start(index)
                return index == 7 || index == 9 ? .failure(Failed(index: index)) : .success(index)
            } handOn: { index in
                handed.append(index)
            }
        }
        #expect(handed == Array(0..<7))
        // Once item 7 failed, no later item is started: only those already taken (at most a window ahead).
        #expect(tally.started.max()! <= 7 + jobs + 1, "\(tally.started)")
    }
}
