/// Large numbers in a few characters, as a volume scale shows them: `950`, `1.2K`,
/// `137.8M`, `2.5B`, `3T`: one decimal, none when it is `.0`.
package enum CompactNumber {
    package static func string(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let magnitude = abs(value)
        let units: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")]
        for (size, suffix) in units where magnitude >= size * 0.99995 {
            return trimmed(value / size) + suffix
        }
        return trimmed(value)
    }

    /// One decimal, dropped when it is `.0`.
    static func trimmed(_ v: Double) -> String {
        let rounded = (v * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Clamp.int(rounded)) }
        return String(format1: rounded)
    }
}

extension String {
    /// `v` with one decimal, without Foundation.
    init(format1 v: Double) {
        let tenths = Clamp.int((abs(v) * 10).rounded())
        self = (v < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }
}
