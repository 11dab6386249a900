extension RecordBatch {
    /// Settles each contested report file: the first valid claimant in file order owns it and its staged files are
    /// put in place; every other valid claimant gets the duplicate-id error, and its staged files are removed.
    func settleContests() {
        var claimants: [ContentDigest: [Int]] = [:]
        for index in scanned.indices where scanned[index].contested {
            if let key = scanned[index].key { claimants[key, default: []].append(index) }
        }
        var settledClaimants: [Processed] = []
        for (_, indexes) in claimants.sorted(by: { $0.value[0] < $1.value[0] }) {
            let winner = indexes.first { outcomes[$0]?.isValid == true }
            for claimant in indexes where claimant != winner {
                guard let winner, var outcome = outcomes[claimant], outcome.isValid,
                    var entry = heldEntries.removeValue(forKey: claimant) ?? entries[claimant],
                    let owner = scanned[winner].id, let claimed = scanned[claimant].id
                else { continue }
                let file = files[claimant]
                let key = ReportPaths.base(kind: file.kind, id: claimed)
                let message =
                    owner.hasSameUTF8(as: claimed)
                    ? "duplicate \(file.kind.rawValue) id '\(claimed)'"
                    : "id '\(claimed)' makes the same file name as id '\(owner)': \(key).html"
                let reports: Bool
                if case .build = mode { reports = scanned[claimant].role == .own } else { reports = true }
                let error = Diagnostic(
                    .error, file: file.path, position: outcome.idPosition, path: "id", message: message,
                    hint: "already used by \(files[winner].path); this record is skipped")
                if reports { outcome.diagnostics.append(error) }
                outcome.failure = FailedRecord(
                    kind: file.kind, file: file.path, id: claimed,
                    patient: entry.summary?.bytes.flatMap(SummaryCodec.summary)?.patient, errors: [error])
                if case .build(let writer, _, _, _) = mode {
                    for staged in outcome.staged { writer.discard(staged) }
                }
                outcome.staged = []
                outcome.rendered = []
                outcome.unchanged = 0
                outcome.state = .failed
                outcome.isValid = false
                entry.summary = nil
                entry.digest = nil
                entry.outputs = scanned[claimant].role == .own ? .listed([]) : nil
                settledClaimants.append((claimant, outcome, entry))
            }
            if let winner, let outcome = outcomes[winner], let entry = heldEntries.removeValue(forKey: winner) {
                settledClaimants.append((winner, outcome, entry))
            }
        }
        guard case .build(let writer, _, _, let manifest) = mode else {
            for (index, outcome, entry) in settledClaimants {
                outcomes[index] = outcome
                entries[index] = entry
            }
            return
        }
        commit(settledClaimants, writer: writer, manifest: manifest, holdContested: false)
    }
}
