extension RecordBatch {
    /// What a build's reused records are checked against: the output folder and the digests of the inputs. Held by
    /// reference, so the workers share one rather than each copying the inputs out of the mode per record.
    final class Building: Sendable {
        let writer: OutputWriter
        let inputs: BuildInputs

        init(writer: OutputWriter, inputs: BuildInputs) {
            self.writer = writer
            self.inputs = inputs
        }
    }
}
