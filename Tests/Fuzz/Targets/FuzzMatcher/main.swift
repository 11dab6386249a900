import FuzzSupport

Fuzzing.run(fuzzMatcher)
