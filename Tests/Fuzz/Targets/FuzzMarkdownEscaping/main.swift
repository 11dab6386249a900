import FuzzSupport

Fuzzing.run(fuzzMarkdownEscaping)
