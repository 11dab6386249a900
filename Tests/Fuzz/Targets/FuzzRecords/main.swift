import FuzzSupport

Fuzzing.run(fuzzRecords)
