import FuzzSupport

Fuzzing.run(fuzzHTMLEscaping)
