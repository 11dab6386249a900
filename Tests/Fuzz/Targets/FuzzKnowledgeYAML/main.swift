import FuzzSupport

Fuzzing.run(fuzzKnowledgeYAML)
