import FuzzSupport

Fuzzing.run(fuzzConsultFlow)
