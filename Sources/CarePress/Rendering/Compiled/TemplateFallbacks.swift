/// Counts the renders that fell back to swift-mustache, for `build --json` (`templateFallbacks`).
///
/// A render falls back when its template (or a partial it uses) does not compile, when a dictionary context holds a
/// value with no `TemplateValue` of the same meaning, or when the template prints an object or a list as text.
/// Shared by every copy of a template set, across worker threads.
final class TemplateFallbacks: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one fallback of a template.
    func record(_ template: String) {
        counts.withLock { $0[template, default: 0] += 1 }
    }

    /// Fallbacks so far, in all.
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// Fallbacks so far, by template name.
    var byTemplate: [String: Int] { counts.withLock { $0 } }
}
