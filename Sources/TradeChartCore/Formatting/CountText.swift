/// A count with its noun in the singular or the plural: `1 bar`, `250 bars`, `1 day`.
package enum CountText {
    /// `count` and `singular`, or `plural` (`singular` + `s` when not given) unless the count is one.
    package static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
