/// The words patients use, as the matcher reads them: the knowledge store's `lexicon.yml`.
///
/// Plain data, Foundation-free, so the app kit ships it with the matcher. `MatcherIndex` folds it (`ConcernText`)
/// into the rewrites and body-part words it scores with.
public struct MatcherLexicon: Sendable, Codable, Hashable {
    /// Phrases read as another phrase: "pins and needles" as "tingle".
    public struct Synonym: Sendable, Codable, Hashable {
        /// What patients say.
        public var says: [String]
        /// What the matcher reads instead.
        public var means: String

        /// A synonym.
        public init(says: [String], means: String) {
            self.says = says
            self.means = means
        }
    }

    /// Words that name a part of the body, and the body areas they point to.
    public struct BodyPart: Sendable, Codable, Hashable {
        /// The words or phrases ("heel", "shoulder blades").
        public var words: [String]
        /// The body area ids.
        public var areas: [String]

        /// A body part.
        public init(words: [String], areas: [String]) {
            self.words = words
            self.areas = areas
        }
    }

    /// Words that point away from the muscles and joints ("rash", "sore throat"), grouped by what they are about.
    public struct NotMusculoskeletal: Sendable, Codable, Hashable {
        /// What the words are about ("skin", "teeth").
        public var about: String
        /// The words or phrases.
        public var says: [String]

        /// A group of words.
        public init(about: String, says: [String]) {
            self.about = about
            self.says = says
        }
    }

    /// The synonyms, in file order.
    public var synonyms: [Synonym]
    /// The body parts, in file order.
    public var bodyParts: [BodyPart]
    /// The names of conditions that are emergencies: they rank only on evidence of their own.
    public var urgentConditions: [String]
    /// The words that point away from the muscles and joints, in file order: a concern with one matches no
    /// condition, except one whose own words include it.
    public var notMusculoskeletal: [NotMusculoskeletal]

    /// A lexicon.
    public init(
        synonyms: [Synonym] = [], bodyParts: [BodyPart] = [], urgentConditions: [String] = [],
        notMusculoskeletal: [NotMusculoskeletal] = []
    ) {
        self.synonyms = synonyms
        self.bodyParts = bodyParts
        self.urgentConditions = urgentConditions
        self.notMusculoskeletal = notMusculoskeletal
    }

    /// No lexicon: words are read as they are.
    public static let empty = MatcherLexicon()
}
